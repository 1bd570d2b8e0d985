// The identity and roles stage of the stateful mode, before the body is read (an unknown token is a 401, not a
// 400): who the token or API key stands for, whether that role may call the operation (a 403 naming the role
// needed), and the session the call works in. Static and dynamic modes have no identities: they skip it.

import { fieldViolation } from '../../../src/protocol';
import { type Identity, type IdentityRegistry, SESSION_NAME } from '../../engine/identity';
import type { Access } from '../../engine/operation';
import { applicationFailure, internalFailure, validationFailure } from '../../errors/platform-error';
import { answerWith, enrich, next, type StageResult } from '../stage-result';
import type { IdentifiedRequest, RoutedRequest, Trace } from '../types';

export interface IdentityOptions {
  readonly identities: IdentityRegistry;
  /** The role an operation needs; undefined: the mode has no implementation of it. */
  readonly accessOf: (operationId: string) => Access | undefined;
  /** The session a request works in: its `x-mock-session`, else its identity's. */
  readonly sessionOf: (request: { readonly headers: Readonly<Record<string, string>> }, identity: Identity | undefined) => string;
}

/** Notes the session in `trace` once settled. */
export type IdentityStage = (request: RoutedRequest, trace: Trace) => Promise<StageResult<IdentifiedRequest>>;

const ROLE_WORDS: Readonly<Record<Access, string>> = {
  anyone: 'anyone',
  shopper: 'a visitor or member token, or the API key',
  member: 'a member token (sign in first)',
  merchant: "the merchant's API key",
};

/** Why the caller may not call the operation; undefined when it may. */
export const refusal = (access: Access, identity: Identity | undefined, operationId: string): string | undefined => {
  if (access === 'anyone' || access === 'shopper') return undefined;
  if (access === 'member' && identity?.role === 'member') return undefined;
  if (access === 'merchant' && identity?.role === 'merchant') return undefined;
  return `${operationId} needs ${ROLE_WORDS[access]}; the caller is ${identity ? `a ${identity.role}` : 'anonymous'}`;
};

export const createIdentityStage = ({ identities, accessOf, sessionOf }: IdentityOptions): IdentityStage => {
  return async (request, trace) => {
    const { raw, operation } = request;
    const { operationId } = operation;
    const access = accessOf(operationId);
    if (access === undefined) return answerWith(internalFailure(operationId, new Error('no handler in stateful mode'), raw.requestId));
    const named = raw.headers['x-mock-session'];
    if (named !== undefined && !SESSION_NAME.test(named)) {
      return answerWith(
        validationFailure(
          [
            fieldViolation('x-mock-session', 'must be 1 to 100 letters, digits or ._:-', 'FORMAT', {
              type: 'PATTERN',
              pattern: SESSION_NAME.source,
            }),
          ],
          raw.requestId,
        ),
      );
    }
    const identity = await identities.fromAuthorization(raw.headers.authorization, named);
    if (!identity && access !== 'anyone') {
      return answerWith(
        applicationFailure(
          {
            status: 401,
            code: 'UNAUTHENTICATED',
            description:
              'The access token is not one this mock issued: get a visitor token from POST /oauth2/token, sign in for a member token, or send the API key',
          },
          raw.requestId,
        ),
      );
    }
    const refused = refusal(access, identity, operationId);
    if (refused) return answerWith(applicationFailure({ status: 403, code: 'PERMISSION_DENIED', description: refused }, raw.requestId));
    const caller = { identity, session: sessionOf(raw, identity) };
    trace.session = caller.session;
    return next(enrich(request, { caller }));
  };
};
