// What a commerce refusal must refuse to compile, one case per `@ts-expect-error`: `npm run lint` (tsc) fails
// when a case compiles after all (its directive is then unused). The accepted cases beside them keep the
// rejections honest: the same kind of call with a listed operation compiles.
import { catalogEntry, refusal } from '../../mock/services/commerce/refusals';

const call = <K extends string>(operationId: K) => ({ operationId }) as const;

export const declared = catalogEntry(428, 'CHECKOUT_IS_COMPLETE', ['updateCheckout', 'addToCheckout']);

// @ts-expect-error TS2322 a catalog entry listing an operation that does not declare the code (getOrder's 404 is ORDER_NOT_FOUND)
export const undeclaredCode = catalogEntry(404, 'OWNED_CART_NOT_FOUND', ['getCurrentCart', 'getOrder']);

// @ts-expect-error TS2322 a catalog entry at a status the operation does not declare (getCurrentCart declares no 428)
export const undeclaredStatus = catalogEntry(428, 'CHECKOUT_IS_COMPLETE', ['getCurrentCart']);

export const listed = [
  refusal(call('getCurrentCart'), 'ownedCartNotFound', 'listed'),
  refusal(call('getOrder'), 'orderNotFound', 'listed'),
  refusal(call('preparePaymentCollection'), 'orderCanceled' as 'orderCanceled' | 'orderAlreadyPaid', 'each of a union listed'),
];

// @ts-expect-error TS2345 a refusal the catalog does not list for the operation (getOrder is not a cart look-up)
export const unlisted = refusal(call('getOrder'), 'ownedCartNotFound', 'not its refusal');

// @ts-expect-error TS2345 a union of refusals of which one is not listed for the operation
export const partly = refusal(call('cancelOrder'), 'orderIsPaid' as 'orderIsPaid' | 'orderCanceled', 'one not listed');
