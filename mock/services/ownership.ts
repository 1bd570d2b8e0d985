// Whose a cart, checkout or order is: the platform's buyerInfo names the visitor, the member or the site user.
import type { Identity } from '../engine/identity';

export interface BuyerIds {
  visitorId?: string;
  memberId?: string;
  userId?: string;
}

/** The buyerInfo ids of a caller. */
export const buyerIdsOf = (identity: Identity): BuyerIds =>
  identity.role === 'visitor'
    ? { visitorId: identity.id }
    : identity.role === 'member'
      ? { memberId: identity.id }
      : { userId: identity.id };

/** The platform's createdBy of a caller. */
export const createdByOf = (identity: Identity) =>
  identity.role === 'visitor'
    ? { identityType: 'ANONYMOUS_VISITOR' as const, visitorId: identity.id }
    : identity.role === 'member'
      ? { identityType: 'MEMBER' as const, memberId: identity.id }
      : { identityType: 'WIX_USER' as const, userId: identity.id };

/** Whether the caller may act on something bought by `buyer`: the merchant always, a shopper only on their own. */
export const ownedBy = (identity: Identity, buyer: BuyerIds | undefined): boolean => {
  if (identity.role === 'merchant') return true;
  if (identity.role === 'member') return buyer?.memberId === identity.id;
  return buyer?.visitorId === identity.id;
};
