// storefront-api/testing: typed, contract-checked test answers and data for MSW users, React-free.
//
//   import { answer, cart } from 'storefront-api/testing';
//   server.use(answer(getCurrentCart, { status: 200, body: { cart: cart({ lineItems: [] }) } }));
//   server.use(answer(getCurrentCart, { status: 404, code: 'OWNED_CART_NOT_FOUND' }));
export * from '../../generated/commerce/builders';
export * from '../../generated/platform/builders';
export { type AnswerOptions, answer, type PreparedAnswer, prepareAnswer } from './answer';
export type { AnswerableOperation, AnswerSpec, ErrorCodeOf } from './answer-types';
export { ContractViolation } from './contract';
export type { DataBuilder } from './data-builder';
export type { DeepPartial } from './deep-partial';
