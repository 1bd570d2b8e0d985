// A visitor who is not signed in is known to the platform only by what the checkout carries: a checkout created
// with an address must say whose it is, so the spec requires `email` beside an address from such a caller. A member
// has the email of the account, and the merchant's API key creates checkouts on someone's behalf.

import { invalidField } from '../../engine/failure';
import type { Role } from '../../engine/identity';

interface AddressedRequest {
  readonly shippingAddress?: unknown;
  readonly billingAddress?: unknown;
  readonly email?: string;
}

/** Refuses (400 naming `email`) a visitor's request that sends an address without an email the cart does not already carry. */
export const requireVisitorEmail = (role: Role | undefined, request: AddressedRequest, knownEmail: string | undefined): void => {
  if (role !== 'visitor' || (!request.shippingAddress && !request.billingAddress)) return;
  if (request.email || knownEmail) return;
  throw invalidField(
    'email',
    'is required from a visitor who is not signed in when a shipping or billing address is sent',
    'REQUIRED_FIELD',
  );
};
