// How tests call the stateful mock: the merchant's API key, a session of their own (so parallel test files
// never see each other's state), and a member token where an operation is a member's own.
import { DEFAULT_API_KEY } from '../../mock/engine/identity';
import { SERVICES } from '../../mock/services/index';

export const API_KEY = DEFAULT_API_KEY;

/** Headers of a merchant call in a session of its own. */
export const merchantHeaders = (session: string): Record<string, string> => ({ Authorization: API_KEY, 'x-mock-session': session });

/**
 * Whether an operation needs a member token (the member's own record), not the API key. getMyMember takes any
 * shopper's token (one of no member answers NOT_FOUND, as the platform does) but reads the caller's own member.
 */
export const needsMember = (operationId: string): boolean =>
  SERVICES.operations[operationId]?.access === 'member' || operationId === 'getMyMember';

/** Member tokens for a fixture member, minted by the mock (authorized_client grant with the API key). */
export const memberToken = async (baseUrl: string, session: string, memberId = '5c1b2a3d-7e8f-4a10-9b2c-3d4e5f607182'): Promise<string> => {
  const response = await fetch(`${baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { Authorization: API_KEY, 'content-type': 'application/json', 'x-mock-session': session },
    body: JSON.stringify({ grant_type: 'authorized_client', member_id: memberId }),
  });
  if (response.status !== 200) throw new Error(`member token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
};

/** Forgets a session's state: its next request starts from the default fixture. */
export const resetSession = async (baseUrl: string, session: string): Promise<void> => {
  const response = await fetch(`${baseUrl}/__mock/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session }),
  });
  if (response.status !== 200) throw new Error(`reset ${session}: ${response.status}`);
};

/** A visitor token minted by the mock (the anonymous grant a storefront's first call makes). */
export const visitorToken = async (baseUrl: string, session: string): Promise<string> => {
  const response = await fetch(`${baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-mock-session': session },
    body: JSON.stringify({ grantType: 'anonymous', clientId: '0c9e2d4f-6a8b-4c1d-9e3f-5a7b9c1d3e5f' }),
  });
  if (response.status !== 200) throw new Error(`visitor token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
};
