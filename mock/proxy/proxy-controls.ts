// The proxy mode's controls under /__mock/: its health (the upstream it checks) and the violations it found
// (`GET /__mock/violations?operationId=&limit=`; `DELETE` forgets them). Isomorphic.
import { FAMILIES, fieldViolation, JSON_MEDIA_TYPE, REQUEST_ID_HEADER } from '../../src/protocol';
import { validationFailure } from '../errors/platform-error';
import type { MockPages, MockResponse } from '../pipeline/types';
import type { ViolationLedger } from './violation-ledger';

const json = (body: unknown, requestId: string): MockResponse => ({
  status: 200,
  headers: { 'content-type': JSON_MEDIA_TYPE, [REQUEST_ID_HEADER]: requestId, 'cache-control': 'no-store' },
  body: JSON.stringify(body),
});

export const createProxyControls =
  (upstream: string, version: string, ledger: ViolationLedger): MockPages =>
  async (request, method, path, search) => {
    const { requestId } = request;
    if (method === 'GET' && path === '/__mock/health')
      return json({ mode: 'proxy', version, upstream, families: FAMILIES, sessions: [] }, requestId);
    if (path !== '/__mock/violations') return undefined;
    if (method === 'DELETE') {
      ledger.clear();
      return json({ cleared: true }, requestId);
    }
    if (method !== 'GET') return undefined;
    const limitText = search.get('limit');
    const limit = limitText === null ? undefined : Number(limitText);
    if (limit !== undefined && (!/^\d+$/.test(limitText ?? '') || limit < 1 || limit > 1000)) {
      return validationFailure(
        [
          fieldViolation('limit', 'must be an integer from 1 to 1000', limit !== undefined && limit < 1 ? 'MIN' : 'MAX', {
            threshold: limit !== undefined && limit < 1 ? 1 : 1000,
          }),
        ],
        requestId,
      );
    }
    const operationId = search.get('operationId') ?? undefined;
    return json({ upstream, ...ledger.report({ ...(operationId && { operationId }), ...(limit && { limit }) }) }, requestId);
  };
