// What the site knows of a member beyond its record, as the members service reads it: the site owner's member,
// the members holding an active paid-plan subscription, and whom each member blocked. Each is a store collection
// keyed by member id, filled by the fixtures; no operation answers these records, so they have no entity schema.
import type { SessionStore } from '../../engine/store';

declare module '../../engine/store' {
  interface StoreRecords {
    /** member id -> the member's role on the site (only the owner's member has one). */
    memberRoles: { readonly id: string; readonly role: 'SITE_OWNER' };
    /** member id -> the paid plan the member subscribes to. */
    memberSubscriptions: { readonly id: string; readonly plan: string; readonly status: 'ACTIVE' | 'ENDED' };
    /** member id -> the members that member blocked (they may not view its profile). */
    memberBlocks: { readonly id: string; readonly blockedMemberIds: readonly string[] };
  }
}

export const STANDING_COLLECTIONS = {
  memberRoles: 'memberRoles',
  memberSubscriptions: 'memberSubscriptions',
  memberBlocks: 'memberBlocks',
} as const;

export const isSiteOwner = async (store: SessionStore, memberId: string): Promise<boolean> =>
  (await store.get(STANDING_COLLECTIONS.memberRoles, memberId))?.role === 'SITE_OWNER';

/** The plan of the member's active subscription, if it has one. */
export const activeSubscription = async (store: SessionStore, memberId: string): Promise<string | undefined> => {
  const subscription = await store.get(STANDING_COLLECTIONS.memberSubscriptions, memberId);
  return subscription?.status === 'ACTIVE' ? subscription.plan : undefined;
};

/** Whether member `blocker` blocked member `blocked`. */
export const hasBlocked = async (store: SessionStore, blocker: string, blocked: string): Promise<boolean> =>
  (await store.get(STANDING_COLLECTIONS.memberBlocks, blocker))?.blockedMemberIds.includes(blocked) ?? false;
