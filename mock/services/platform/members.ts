// Members: the caller's own member (slug, community, field sets, deletion), the site owner's management
// (create, update, moderation: approve, block, mute, unmute, disconnect; bulk by ids or by filter; contact
// detail deletion) and the lists (offset paging, default 50). Field sets shape what is returned: PUBLIC,
// EXTENDED, FULL. A member reaches only its own record.
import { offsetPage } from '../../computations/paging';
import { query, readFilter, type SortSpec, sortRecords, valueAt } from '../../computations/query-language';
import { invalidField } from '../../engine/failure';
import { type CallContext, defineService } from '../../engine/service-table';
import { bulkAnswer, itemResult } from '../bulk-results';
import { COLLECTIONS, saveAndEmit } from '../records';
import type { PlatformBody } from '../wire-types';
import { indexLogin, MEMBER_EVENTS, type Member, memberByEmail, newMember, removeMember, slugTaken } from './member-accounts';
import { activeSubscription, hasBlocked, isSiteOwner } from './member-standing';
import { type Declaring, notFound, type PlatformCall, type PlatformOperationId, permissionDenied, refuse } from './refusals';

type Fieldset = 'PUBLIC' | 'EXTENDED' | 'FULL';

const PUBLIC_FIELDS = ['id', 'contactId', 'createdDate', 'updatedDate', 'profile'] as const;
const EXTENDED_FIELDS = [...PUBLIC_FIELDS, 'loginEmail', 'status', 'privacyStatus', 'activityStatus'] as const;

/** The member as a field set shows it; FULL only for the site owner or the member itself. */
export const shapeMember = (member: Member, fieldsets: readonly string[] | undefined, mayFull: boolean): Member => {
  const asked = new Set<string>(fieldsets?.length ? fieldsets : ['PUBLIC']);
  const level: Fieldset = asked.has('FULL') && mayFull ? 'FULL' : asked.has('EXTENDED') || asked.has('FULL') ? 'EXTENDED' : 'PUBLIC';
  if (level === 'FULL') return member;
  const fields: readonly string[] = level === 'EXTENDED' ? EXTENDED_FIELDS : PUBLIC_FIELDS;
  return Object.fromEntries(Object.entries(member).filter(([key]) => fields.includes(key))) as Member;
};

const memberOr404 = async <K extends Declaring<404, 'NOT_FOUND'>>(context: PlatformCall<K>, id: string): Promise<Member> => {
  const member = await context.store.get(COLLECTIONS.members, id);
  if (!member) throw notFound(context, 'Member', id);
  return member;
};

/**
 * The caller's own member record. A token of no member (a visitor's, the API key) has none: NOT_FOUND, as the
 * platform answers; so does a member token whose member was deleted since.
 */
const myMember = async <K extends Declaring<404, 'NOT_FOUND'>>(context: PlatformCall<K>): Promise<Member> => {
  if (context.identity?.role !== 'member') throw refuse(context, 404, 'NOT_FOUND', 'The caller is not a site member');
  return memberOr404(context, context.identity.id);
};

/** A member by id: the merchant any; a member only itself. */
const reachableMember = async <K extends Declaring<403, 'PERMISSION_DENIED'> & Declaring<404, 'NOT_FOUND'>>(
  context: PlatformCall<K>,
  id: string,
): Promise<Member> => {
  if (context.identity?.role === 'member' && context.identity.id !== id)
    throw permissionDenied(context, 'A member may read and change only its own member record');
  if (context.identity?.role === 'visitor') throw permissionDenied(context, 'A visitor may not read member records');
  return memberOr404(context, id);
};

/**
 * A member read by another member who it blocked: MEMBER_TO_MEMBER_BLOCKED, before any other answer (the
 * platform tells the caller it is blocked rather than that the profile is not for it).
 */
const refuseIfBlocked = async (context: PlatformCall<'getMember'>, id: string): Promise<void> => {
  const caller = context.identity?.role === 'member' ? context.identity.id : undefined;
  if (caller && caller !== id && (await hasBlocked(context.store, id, caller))) {
    throw refuse(context, 403, 'MEMBER_TO_MEMBER_BLOCKED', `Member ${id} has blocked the calling member`, { memberId: caller });
  }
};

/** Blocking: never the site owner's member, nor a member paying for an active subscription. */
const blockable = async (context: MemberCall<'blockMember'>): Promise<Member> => {
  const member = await memberOr404(context, context.path.id);
  const id = member.id as string;
  if (await isSiteOwner(context.store, id))
    throw refuse(context, 403, 'OWNER_MEMBER_BLOCK_FORBIDDEN', `Member ${id} is the site owner's member and cannot be blocked`);
  const plan = await activeSubscription(context.store, id);
  if (plan) {
    throw refuse(
      context,
      403,
      'ACTIVE_SUBSCRIPTION_MEMBER_BLOCK_FORBIDDEN',
      `Member ${id} has an active subscription (${plan}) and cannot be blocked until it ends`,
    );
  }
  return member;
};

/** Joining the community: only an approved member (a blocked or pending one cannot take part). */
const joinable = async (context: PlatformCall<'joinCommunity'>): Promise<Member> => {
  const member = await myMember(context);
  if (member.status !== 'APPROVED') {
    throw refuse(
      context,
      428,
      'COMMUNITY_JOIN_IMPOSSIBLE',
      `Member ${member.id} is ${String(member.status).toLowerCase()}: only an approved member can join the site community`,
    );
  }
  return member;
};

const save = async (context: CallContext, member: Member, event: 'created' | 'updated' = 'updated'): Promise<Member> => {
  const stored: Member = { ...member, updatedDate: context.now() };
  await saveAndEmit(
    context,
    COLLECTIONS.members,
    stored,
    MEMBER_EVENTS[event],
    event === 'created' ? { createdEvent: { entity: stored } } : { updatedEvent: { currentEntity: stored } },
  );
  await indexLogin(context.store, stored);
  return stored;
};

const remove = async (context: CallContext, member: Member) => {
  await removeMember(context.store, member);
  context.emit(MEMBER_EVENTS.deleted, member.id as string, { deletedEvent: { deletedEntity: member } });
  // Reviews and content move to the assignee in the platform; here the member's own data simply goes.
};

const setSlug = async <K extends Declaring<409, 'SLUG_ALREADY_EXISTS'>>(
  context: PlatformCall<K>,
  member: Member,
  slug: string,
): Promise<Member> => {
  if (await slugTaken(context.store, slug, member.id)) {
    throw refuse(context, 409, 'SLUG_ALREADY_EXISTS', `The slug ${slug} belongs to another member`);
  }
  return save(context, { ...member, profile: { ...member.profile, slug } });
};

/** The context of an operation on the member its path names. */
type MemberCall<K extends PlatformOperationId> = PlatformCall<K> & { readonly path: { readonly id: string } };

const withStatus =
  (changes: Partial<Member>) =>
  async <K extends Declaring<404, 'NOT_FOUND'>>(context: MemberCall<K>) => {
    const member = await memberOr404(context, context.path.id);
    return { body: { member: await save(context, { ...member, ...changes }) } };
  };

const clearContact =
  (field: 'phones' | 'emails' | 'addresses') =>
  async <K extends Declaring<403, 'PERMISSION_DENIED'> & Declaring<404, 'NOT_FOUND'>>(context: MemberCall<K>) => {
    const member = await reachableMember(context, context.path.id);
    const saved = await save(context, { ...member, contact: { ...member.contact, [field]: [] } });
    return { body: { member: shapeMember(saved, ['FULL'], true) } };
  };

/** Members matching a filter and a free-text search over the named fields (by default nickname and e-mail). */
const matching = async (context: CallContext, filter: unknown, search?: { expression?: string; fields?: string[] }): Promise<Member[]> => {
  const all = await context.store.list(COLLECTIONS.members);
  const filtered = query(all, readFilter(filter, 'filter'), undefined);
  const words = search?.expression?.toLowerCase();
  if (!words) return filtered;
  const fields = search?.fields?.length ? search.fields : ['profile.nickname', 'loginEmail'];
  return filtered.filter((member) =>
    fields.some((field) =>
      String(valueAt(member, field) ?? '')
        .toLowerCase()
        .includes(words),
    ),
  );
};

const byFilter =
  (changes: Partial<Member> | 'delete') => async (context: CallContext & { readonly body: PlatformBody<'bulkDeleteMembersByFilter'> }) => {
    const request = context.body;
    for (const member of await matching(context, request.filter, request.search)) {
      if (changes === 'delete') await remove(context, member);
      else await save(context, { ...member, ...changes });
    }
    // The platform runs these as an asynchronous job; the mock finishes it before answering.
    return { body: { jobId: context.newId() } };
  };

const listPage = (
  _context: CallContext,
  members: Member[],
  paging: { limit?: number; offset?: number } | undefined,
  sorting: SortSpec[] | undefined,
  fieldsets: string[] | undefined,
) => {
  const page = offsetPage(sortRecords(members, sorting), paging);
  return {
    members: page.items.map((member) => shapeMember(member, fieldsets, true)),
    metadata: { count: page.items.length, offset: page.offset, total: page.total, tooManyToCount: false },
  };
};

export const memberOperations = defineService('platform', {
  updateMySlug: {
    access: 'member',
    async handle(context) {
      const { slug } = context.body;
      return { body: { member: shapeMember(await setSlug(context, await myMember(context), slug), ['FULL'], true) } };
    },
  },
  updateMemberSlug: {
    access: 'merchant',
    async handle(context) {
      const { slug } = context.body;
      return { body: { member: shapeMember(await setSlug(context, await memberOr404(context, context.path.id), slug), ['FULL'], true) } };
    },
  },
  joinCommunity: {
    access: 'member',
    handle: async (context) => ({
      body: { member: shapeMember(await save(context, { ...(await joinable(context)), privacyStatus: 'PUBLIC' }), ['FULL'], true) },
    }),
  },
  leaveCommunity: {
    access: 'member',
    handle: async (context) => ({
      body: { member: shapeMember(await save(context, { ...(await myMember(context)), privacyStatus: 'PRIVATE' }), ['FULL'], true) },
    }),
  },
  getMyMember: {
    access: 'shopper',
    async handle(context) {
      const { fieldSet, fieldsets } = context.query;
      return { body: { member: shapeMember(await myMember(context), [...(fieldsets ?? []), ...(fieldSet ? [fieldSet] : [])], true) } };
    },
  },
  deleteMyMember: {
    access: 'member',
    async handle(context) {
      await remove(context, await myMember(context));
      return { body: {} };
    },
  },
  getMember: {
    access: 'shopper',
    async handle(context) {
      const { fieldsets } = context.query;
      await refuseIfBlocked(context, context.path.id);
      return { body: { member: shapeMember(await reachableMember(context, context.path.id), fieldsets, true) } };
    },
  },
  updateMember: {
    access: 'merchant',
    async handle(context) {
      const { member: patch = {} } = context.body;
      const member = await memberOr404(context, context.path.id);
      if (patch.loginEmail && patch.loginEmail.toLowerCase() !== member.loginEmail?.toLowerCase()) {
        const other = await memberByEmail(context.store, patch.loginEmail);
        if (other && other.id !== member.id)
          throw invalidField('member.loginEmail', `${patch.loginEmail} is the login e-mail of another member`);
      }
      const { id: _id, ...fields } = patch;
      const updated: Member = {
        ...member,
        ...fields,
        contact: { ...member.contact, ...fields.contact },
        profile: { ...member.profile, ...fields.profile, slug: member.profile?.slug },
      };
      if (member.loginEmail && fields.loginEmail && fields.loginEmail !== member.loginEmail) await removeMember(context.store, member);
      return { body: { member: shapeMember(await save(context, updated), ['FULL'], true) } };
    },
  },
  deleteMember: {
    access: 'merchant',
    async handle(context) {
      await remove(context, await memberOr404(context, context.path.id));
      return { body: {} };
    },
  },
  listMembers: {
    access: 'merchant',
    async handle(context) {
      const flat = context.query;
      const message = context.query['.r'] ?? {};
      const paging = message.paging ?? {
        ...(flat['paging.limit'] !== undefined && { limit: flat['paging.limit'] }),
        ...(flat['paging.offset'] !== undefined && { offset: flat['paging.offset'] }),
      };
      const sorting =
        message.sorting ??
        (flat['sorting.fieldName'] ? [{ fieldName: flat['sorting.fieldName'], order: flat['sorting.order'] ?? 'ASC' }] : undefined);
      const members = await context.store.list(COLLECTIONS.members);
      return { body: listPage(context, members, paging, sorting, message.fieldsets ?? flat.fieldsets) };
    },
  },
  queryMembers: {
    access: 'merchant',
    async handle(context) {
      const request = context.body;
      const members = await matching(context, request.query?.filter, request.search);
      return { body: listPage(context, members, request.query?.paging, request.query?.sorting, request.fieldsets) };
    },
  },
  createMember: {
    access: 'merchant',
    async handle(context) {
      const { member: given } = context.body;
      if (await memberByEmail(context.store, given.loginEmail))
        throw invalidField('member.loginEmail', `${given.loginEmail} is the login e-mail of another member`);
      const base = await newMember(
        context.store,
        {
          loginEmail: given.loginEmail,
          ...(given.contact?.firstName && { firstName: given.contact.firstName }),
          ...(given.contact?.lastName && { lastName: given.contact.lastName }),
          ...(given.profile?.nickname && { nickname: given.profile.nickname }),
          ...(given.privacyStatus && { privacyStatus: given.privacyStatus }),
        },
        context.now(),
        context.newId,
      );
      const created: Member = {
        ...base,
        contact: {
          ...base.contact,
          ...given.contact,
          addresses: (given.contact?.addresses ?? []).map((address) => ({ ...address, id: context.newId() })),
        },
        profile: { ...base.profile, ...given.profile, slug: base.profile?.slug },
      };
      return { body: { member: shapeMember(await save(context, created, 'created'), ['FULL'], true) } };
    },
  },
  muteMember: { access: 'merchant', handle: withStatus({ activityStatus: 'MUTED' }) },
  unmuteMember: { access: 'merchant', handle: withStatus({ activityStatus: 'ACTIVE' }) },
  approveMember: { access: 'merchant', handle: withStatus({ status: 'APPROVED' }) },
  blockMember: {
    access: 'merchant',
    async handle(context) {
      const member = await blockable(context);
      return { body: { member: await save(context, { ...member, status: 'BLOCKED' }) } };
    },
  },
  disconnectMember: { access: 'merchant', handle: withStatus({ status: 'OFFLINE' }) },
  bulkDeleteMembers: {
    access: 'merchant',
    async handle(context) {
      const { memberIds } = context.body;
      const results = [];
      for (const [originalIndex, id] of memberIds.entries()) {
        const member = await context.store.get(COLLECTIONS.members, id);
        if (member) await remove(context, member);
        results.push(itemResult(id, originalIndex, member ? undefined : { code: 'NOT_FOUND', description: `Member ${id} was not found` }));
      }
      return { body: bulkAnswer(results) };
    },
  },
  bulkDeleteMembersByFilter: { access: 'merchant', handle: byFilter('delete') },
  bulkApproveMembers: { access: 'merchant', handle: byFilter({ status: 'APPROVED' }) },
  bulkBlockMembers: { access: 'merchant', handle: byFilter({ status: 'BLOCKED' }) },
  deleteMemberPhones: { access: 'shopper', handle: clearContact('phones') },
  deleteMemberEmails: { access: 'shopper', handle: clearContact('emails') },
  deleteMemberAddresses: { access: 'shopper', handle: clearContact('addresses') },
});
