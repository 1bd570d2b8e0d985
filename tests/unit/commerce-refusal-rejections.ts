// What a commerce refusal must refuse to compile, one case per `@ts-expect-error`: `npm run lint` (tsc) fails
// when a case compiles after all (its directive is then unused). The accepted cases beside them keep the
// rejections honest: the same kind of call with a declaring operation compiles.
import { type CommerceCall, type Declaring, refuse } from '../../mock/services/commerce/refusals';

const call = <K extends string>(operationId: K) => ({ operationId }) as const;

/** A helper shared by operations that must declare both its refusals. */
const checkoutOr404 = <K extends Declaring<404, 'NOT_FOUND'> & Declaring<403, 'PERMISSION_DENIED'>>(context: CommerceCall<K>) =>
  refuse(context, 404, 'NOT_FOUND', 'shared');

export const declared = [
  refuse(call('getCurrentCart'), 404, 'OWNED_CART_NOT_FOUND', 'declared'),
  refuse(call('getOrder'), 404, 'ORDER_NOT_FOUND', 'declared'),
  refuse(call('preparePaymentCollection'), 428, 'ORDER_CANCELED' as 'ORDER_CANCELED' | 'ORDER_ALREADY_PAID', 'each of a union declared'),
  checkoutOr404(call('getCheckout') as CommerceCall<'getCheckout'>),
];

// @ts-expect-error TS2345 a code the operation does not declare (getOrder's 404 is ORDER_NOT_FOUND)
export const undeclaredCode = refuse(call('getOrder'), 404, 'OWNED_CART_NOT_FOUND', 'not its code');

// @ts-expect-error TS2345 a status the operation does not declare (getCurrentCart declares no 428)
export const undeclaredStatus = refuse(call('getCurrentCart'), 428, 'CHECKOUT_IS_COMPLETE', 'not its status');

// @ts-expect-error TS2345 a union of codes of which one is not declared (cancelOrder does not answer ORDER_CANCELED)
export const partly = refuse(call('cancelOrder'), 428, 'ORDER_IS_PAID' as 'ORDER_IS_PAID' | 'ORDER_CANCELED', 'one not declared');

// @ts-expect-error TS2344 a helper's refusals: getCurrentCart declares neither NOT_FOUND nor PERMISSION_DENIED
export const helperUndeclared = checkoutOr404(call('getCurrentCart') as CommerceCall<'getCurrentCart'>);

// @ts-expect-error TS2345 a code of the other family (platform's ALL_PRODUCTS_COLLECTION) on a commerce operation
export const otherFamily = refuse(call('cancelOrder'), 428, 'ALL_PRODUCTS_COLLECTION', 'platform code');
