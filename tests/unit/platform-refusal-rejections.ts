// What a platform refusal must refuse to compile, one case per `@ts-expect-error`: `npm run lint` (tsc) fails
// when a case compiles after all (its directive is then unused). The accepted cases beside them keep the
// rejections honest: the same call with a declared status and code compiles.
import { notFound, permissionDenied, refuse } from '../../mock/services/platform/refusals';

const call = <K extends string>(operationId: K) => ({ operationId }) as const;

export const declared = [
  refuse(call('getRecommendation'), 428, 'ALGORITHM_NOT_SUPPORTED', 'declared at 428'),
  refuse(call('token'), 400, 'invalid_grant', 'declared at 400'),
  notFound(call('updateMySlug'), 'Member', 'x'),
  permissionDenied(call('listMembers'), 'declared at 403'),
];

// @ts-expect-error TS2345 a code the operation does not declare (getRecommendation answers ALGORITHM_NOT_SUPPORTED)
export const undeclaredCode = refuse(call('getRecommendation'), 404, 'NOT_FOUND', 'generic code');

// @ts-expect-error TS2345 a declared code at another status (ALGORITHM_NOT_SUPPORTED is a 428)
export const otherStatus = refuse(call('getRecommendation'), 400, 'ALGORITHM_NOT_SUPPORTED', 'wrong status');

// @ts-expect-error TS2345 a code of the mock's own making (the token endpoint answers invalid_grant)
export const mockCode = refuse(call('token'), 400, 'INVALID_REFRESH_TOKEN', 'not the platform code');

// @ts-expect-error TS2345 a 404 on an operation that declares none
export const undeclaredStatus = notFound(call('listMembers'), 'Member', 'x');
