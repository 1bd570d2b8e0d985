// Member records as the members service and sign-in share them: created from a login e-mail, found by it, the
// slug made unique, and the member the hosted sign-in page signs in.
import { slugify } from '../../computations/slug';
import { readSettings } from '../../engine/fixtures';
import type { SessionStore } from '../../engine/store';
import { undeclaredEvent } from '../event-types';
import { COLLECTIONS } from '../records';
import type { PlatformSchema, ServerSet, Stored } from '../wire-types';

export type Member = Stored<PlatformSchema<'Member'>, ServerSet>;

// The contract declares no webhook for members; the mock records their changes all the same.
export const MEMBER_EVENTS = {
  created: undeclaredEvent('wix.members.v1.member_created', 'wix.members.v1.member', 'created'),
  updated: undeclaredEvent('wix.members.v1.member_updated', 'wix.members.v1.member', 'updated'),
  deleted: undeclaredEvent('wix.members.v1.member_deleted', 'wix.members.v1.member', 'deleted'),
} as const;

export const memberByEmail = async (store: SessionStore, email: string): Promise<Member | undefined> => {
  const login = await store.get(COLLECTIONS.memberLogins, email.toLowerCase());
  if (login) return store.get(COLLECTIONS.members, login.memberId);
  return (await store.list(COLLECTIONS.members)).find((member) => member.loginEmail?.toLowerCase() === email.toLowerCase());
};

/** The slugs of the session's members, but the one named `except`. */
const slugsInUse = async (store: SessionStore, except?: string): Promise<Set<string | undefined>> =>
  new Set((await store.list(COLLECTIONS.members)).filter((member) => member.id !== except).map((member) => member.profile?.slug));

/** Whether another member of the session has this slug. */
export const slugTaken = async (store: SessionStore, slug: string, except?: string): Promise<boolean> =>
  (await slugsInUse(store, except)).has(slug);

/** The most a member slug holds (the member profile's bound). */
const MEMBER_SLUG_LENGTH = 255;

/**
 * A slug no other member of the session has, made from the nickname in any script; the member's id when the
 * nickname holds no letter or digit. A slug taken already gets -2, -3...
 */
export const uniqueSlug = async (store: SessionStore, nickname: string, memberId: string): Promise<string> => {
  const taken = await slugsInUse(store, memberId);
  const base = slugify(nickname, MEMBER_SLUG_LENGTH - 6) || memberId;
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  return slug;
};

/** Stores a member and keeps the e-mail index in step. */
export const saveMember = async (store: SessionStore, member: Member): Promise<void> => {
  await store.put(COLLECTIONS.members, member.id as string, member);
  await indexLogin(store, member);
};

/** Keeps the e-mail index in step with a member stored. */
export const indexLogin = async (store: SessionStore, member: Member): Promise<void> => {
  if (member.loginEmail)
    await store.put(COLLECTIONS.memberLogins, member.loginEmail.toLowerCase(), {
      id: member.loginEmail.toLowerCase(),
      memberId: member.id,
    });
};

export const removeMember = async (store: SessionStore, member: Member): Promise<void> => {
  await store.remove(COLLECTIONS.members, member.id as string);
  if (member.loginEmail) await store.remove(COLLECTIONS.memberLogins, member.loginEmail.toLowerCase());
};

export interface NewMember {
  readonly loginEmail: string;
  readonly firstName?: string;
  readonly lastName?: string;
  readonly nickname?: string;
  readonly privacyStatus?: Member['privacyStatus'];
  readonly status?: 'PENDING' | 'APPROVED';
}

export const newMember = async (store: SessionStore, given: NewMember, now: string, newId: () => string): Promise<Member> => {
  const nickname =
    given.nickname ?? ([given.firstName, given.lastName].filter(Boolean).join(' ') || given.loginEmail.split('@')[0] || 'member');
  const id = newId();
  return {
    id,
    loginEmail: given.loginEmail,
    loginEmailVerified: false,
    status: given.status ?? 'APPROVED',
    contactId: newId(),
    contact: {
      ...(given.firstName && { firstName: given.firstName }),
      ...(given.lastName && { lastName: given.lastName }),
      emails: [given.loginEmail],
      phones: [],
      addresses: [],
    },
    profile: { nickname, slug: await uniqueSlug(store, nickname, id) },
    privacyStatus: given.privacyStatus ?? 'PUBLIC',
    activityStatus: 'ACTIVE',
    createdDate: now,
    updatedDate: now,
  };
};

/**
 * The member the hosted sign-in page signs in when the browser brings no session token: the fixture's default
 * member, else the first member, else a new one.
 */
export const hostedSignInMember = async (store: SessionStore): Promise<string> => {
  const settings = await readSettings(store);
  if (settings.defaultMemberId && (await store.get(COLLECTIONS.members, settings.defaultMemberId))) return settings.defaultMemberId;
  const first = (await store.list(COLLECTIONS.members)).find((member) => member.status === 'APPROVED');
  if (first?.id) return first.id;
  const created = await newMember(store, { loginEmail: 'shopper@example.com', nickname: 'Shopper' }, new Date().toISOString(), () =>
    globalThis.crypto.randomUUID(),
  );
  await saveMember(store, created);
  return created.id as string;
};
