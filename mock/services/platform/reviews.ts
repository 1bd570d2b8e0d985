// Reviews: created by a member or an anonymous visitor (with a contact), moderated by the site owner
// (APPROVED / REJECTED, published on approval), replied to by the owner, counted and queried with cursor
// paging. Visitors and members see published (approved) reviews; the owner sees every review when it asks.
import { cursorPage, cursorQuery } from '../../computations/paging';
import { query, readFilter } from '../../computations/query-language';
import { invalidField } from '../../engine/failure';
import { type CallContext, defineService } from '../../engine/service-table';
import { eventsOf } from '../event-types';
import { COLLECTIONS, saveAndEmit } from '../records';
import type { PlatformSchema, ServerSet, Stored } from '../wire-types';
import type { Member } from './member-accounts';
import { type Declaring, notFound, type PlatformCall, permissionDenied, refuse } from './refusals';

type Review = Stored<PlatformSchema<'Review'>, ServerSet>;
type ModerationStatus = NonNullable<NonNullable<Review['moderation']>['moderationStatus']>;

const REVIEW_EVENTS = eventsOf('wix.reviews.v1.review');

const isOwner = (context: CallContext): boolean => context.identity?.role === 'merchant';
const published = (review: Review): boolean => review.moderation?.moderationStatus === 'APPROVED';

const reviewOr404 = async <K extends Declaring<404, 'NOT_FOUND'>>(
  context: PlatformCall<K>,
  id: string,
  includePrivate = false,
): Promise<Review> => {
  const review = await context.store.get(COLLECTIONS.reviews, id);
  if (!review || (!published(review) && !(isOwner(context) && includePrivate) && !(await isAuthor(context, review))))
    throw notFound(context, 'Review', id);
  return review;
};

const callerMember = async (context: CallContext): Promise<Member | undefined> =>
  context.identity?.role === 'member' ? context.store.get(COLLECTIONS.members, context.identity.id) : undefined;

const isAuthor = async (context: CallContext, review: Review): Promise<boolean> => {
  const member = await callerMember(context);
  return Boolean(member?.contactId && member.contactId === review.author?.contactId);
};

/** Stores the review, revised, and emits its update; answers what was stored. */
const save = async (context: CallContext, review: Review, revise = true): Promise<Review> => {
  const stored: Review = { ...review, ...(revise && { revision: String(Number(review.revision ?? '0') + 1), updatedDate: context.now() }) };
  return saveAndEmit(context, COLLECTIONS.reviews, stored, REVIEW_EVENTS.updated, { updatedEvent: { currentEntity: stored } });
};

/** One review per author and entity: a second by the same contact for the same entity is refused (400 naming the entity). */
const refuseDuplicate = async (
  context: CallContext,
  given: PlatformSchema<'Review'>,
  author: NonNullable<Review['author']>,
): Promise<void> => {
  if (!author.contactId) return;
  const namespace = given.namespace ?? 'stores';
  const reviews = await context.store.list(COLLECTIONS.reviews);
  const earlier = reviews.find(
    (review) =>
      review.entityId === given.entityId && (review.namespace ?? 'stores') === namespace && review.author?.contactId === author.contactId,
  );
  if (earlier) {
    throw invalidField(
      'entityId',
      `already has review ${earlier.id} by contact ${author.contactId}: an author writes one review per entity (update that one instead)`,
    );
  }
};

const create = async (context: CallContext, given: PlatformSchema<'Review'>, author: NonNullable<Review['author']>): Promise<Review> => {
  await refuseDuplicate(context, given, author);
  const now = context.now();
  const review: Review = {
    ...given,
    id: context.newId(),
    content: { media: [], ...given.content },
    author,
    moderation: { moderationStatus: 'IN_MODERATION', manuallyChanged: false },
    foundHelpful: 0,
    foundUnhelpful: 0,
    helpfulness: 0,
    relevanceScore: 0,
    verified: false,
    origin: { type: 'ORGANIC' },
    reviewDate: given.reviewDate ?? now,
    publishCount: 0,
    revision: '1',
    createdDate: now,
    updatedDate: now,
  };
  await saveAndEmit(context, COLLECTIONS.reviews, review, REVIEW_EVENTS.created, { createdEvent: { entity: review } });
  return review;
};

/** A change of moderation status, with its events: moderation changed, and published on a first approval. */
const moderate = (context: CallContext, review: Review, status: ModerationStatus): Review => {
  if (review.moderation?.moderationStatus === status) return review;
  const approved = status === 'APPROVED';
  const next: Review = {
    ...review,
    moderation: { moderationStatus: status, manuallyChanged: true },
    publishCount: (review.publishCount ?? 0) + (approved ? 1 : 0),
  };
  context.emit(REVIEW_EVENTS.moderation_status_changed, review.id as string, {
    actionEvent: { body: { review: next, previousModerationStatus: review.moderation?.moderationStatus } },
  });
  if (approved) context.emit(REVIEW_EVENTS.review_published, review.id as string, { actionEvent: { body: { review: next } } });
  return next;
};

const contentOf = (patch: NonNullable<Review['content']>, current: Review['content'], mask: string | undefined): Review['content'] => {
  if (!mask) return { ...current, ...patch };
  const fields = mask.split(',').map((path) => path.trim().replace(/^content\./, ''));
  const next: Record<string, unknown> = { ...current };
  for (const field of fields) {
    const value = (patch as Record<string, unknown>)[field];
    if (value === undefined) delete next[field];
    else next[field] = value;
  }
  return next as Review['content'];
};

/** The review the caller may change: the owner any; a member its own; nobody else. */
const changeable = async <K extends Declaring<404, 'NOT_FOUND'> & Declaring<403, 'PERMISSION_DENIED'>>(
  context: PlatformCall<K>,
  id: string,
): Promise<Review> => {
  const review = await context.store.get(COLLECTIONS.reviews, id);
  if (!review) throw notFound(context, 'Review', id);
  if (!isOwner(context) && !(await isAuthor(context, review)))
    throw permissionDenied(context, "Only the site owner or the review's author may change it");
  return review;
};

/**
 * The author of a review created with its contact: a member writes as its own contact; an app (the API key) must
 * name the author (`name` and `email`, 400 naming the first missing); a visitor gets a new contact.
 */
const contactAuthor = async (
  context: CallContext,
  request: { readonly name?: string; readonly email?: string },
): Promise<NonNullable<Review['author']>> => {
  const member = await callerMember(context);
  if (member?.contactId) {
    return { contactId: member.contactId, authorName: request.name ?? member.profile?.nickname ?? 'Member', authorType: 'MEMBER' };
  }
  if (isOwner(context)) {
    for (const field of ['name', 'email'] as const) {
      if (!request[field])
        throw invalidField(field, 'is required when an app (the API key) creates a review and its contact', 'REQUIRED_FIELD');
    }
  }
  return { contactId: context.newId(), authorName: request.name ?? 'Visitor', authorType: 'VISITOR' };
};

/**
 * The reviews the caller may see: published ones, and with `includePrivate` every one, which needs the Manage
 * Reviews permission (the site owner's; anyone else asking gets PERMISSION_DENIED).
 */
const visible = <K extends Declaring<403, 'PERMISSION_DENIED'>>(
  context: PlatformCall<K>,
  all: Review[],
  includePrivate: boolean | undefined,
): Review[] => {
  if (includePrivate && !isOwner(context)) throw permissionDenied(context, 'Unpublished reviews need the Manage Reviews permission');
  return includePrivate ? all : all.filter(published);
};

/**
 * The most reviews the mock counts: more matching fails with TOO_MANY_TO_COUNT. The platform's limit is larger; the
 * mock's is small so that the default fixture reaches it (the Linen Tote Bag has more reviews than this).
 */
export const REVIEW_COUNT_LIMIT = 10;

export const reviewOperations = defineService('platform', {
  getReview: {
    access: 'shopper',
    async handle(context) {
      const { returnPrivateReviews } = context.query;
      if (returnPrivateReviews === true && !isOwner(context))
        throw permissionDenied(context, 'Unpublished reviews need the Manage Reviews permission');
      return { body: { review: await reviewOr404(context, context.path.reviewId, returnPrivateReviews === true) } };
    },
  },
  createReview: {
    access: 'shopper',
    async handle(context) {
      const { review } = context.body;
      const member = await callerMember(context);
      const named = review.author?.contactId;
      if (named && !isOwner(context) && named !== member?.contactId)
        throw permissionDenied(context, 'Only the site owner (Manage Reviews) creates a review for another contact');
      const author: NonNullable<Review['author']> = member
        ? {
            contactId: member.contactId,
            authorName: review.author?.authorName ?? member.profile?.nickname ?? 'Member',
            authorType: 'MEMBER',
          }
        : {
            ...(review.author?.contactId && { contactId: review.author.contactId }),
            authorName: review.author?.authorName ?? 'Visitor',
            authorType: context.identity?.role === 'merchant' ? (review.author?.authorType ?? 'VISITOR') : 'VISITOR',
          };
      return { body: { review: await create(context, review, author) } };
    },
  },
  createReviewAndContact: {
    access: 'shopper',
    async handle(context) {
      const request = context.body;
      const author = await contactAuthor(context, request);
      const review = await create(
        context,
        { namespace: request.namespace ?? 'stores', entityId: request.entityId, ...(request.content && { content: request.content }) },
        author,
      );
      return { body: { review } };
    },
  },
  updateReview: {
    access: 'shopper',
    async handle(context) {
      const { review: patch, fieldMask } = context.body;
      let review = await changeable(context, context.path.reviewId);
      if (patch.revision !== undefined && patch.revision !== review.revision) {
        throw invalidField('review.revision', `is ${patch.revision}, the review is at revision ${review.revision}: read it again`);
      }
      const mask = typeof fieldMask === 'string' ? fieldMask : undefined;
      if (patch.moderation?.moderationStatus) {
        if (!isOwner(context)) throw permissionDenied(context, 'Only the site owner moderates reviews');
        review = moderate(context, review, patch.moderation.moderationStatus as ModerationStatus);
      }
      if (patch.content) review = { ...review, content: contentOf(patch.content, review.content, mask) };
      if (patch.reviewDate) review = { ...review, reviewDate: patch.reviewDate };
      if (patch.author && isOwner(context)) review = { ...review, author: { ...review.author, ...patch.author } };
      const saved = await save(context, review);
      return { body: { review: saved } };
    },
  },
  updateReviewContent: {
    access: 'shopper',
    async handle(context) {
      const { content, fieldMask } = context.body;
      const review = await changeable(context, context.path.reviewId);
      const saved = await save(context, { ...review, content: contentOf(content ?? {}, review.content, fieldMask) });
      return { body: { review: saved } };
    },
  },
  deleteReview: {
    access: 'shopper',
    async handle(context) {
      const review = await changeable(context, context.path.reviewId);
      await context.store.remove(COLLECTIONS.reviews, review.id as string);
      context.emit(REVIEW_EVENTS.deleted, review.id as string, { deletedEvent: { deletedEntity: review } });
      return { body: { review } };
    },
  },
  bulkDeleteReviews: {
    access: 'merchant',
    async handle(context) {
      const { filter } = context.body;
      for (const review of query(await context.store.list(COLLECTIONS.reviews), readFilter(filter, 'filter'), undefined)) {
        await context.store.remove(COLLECTIONS.reviews, review.id);
        context.emit(REVIEW_EVENTS.deleted, review.id, { deletedEvent: { deletedEntity: review } });
      }
      return { body: { jobId: context.newId() } };
    },
  },
  queryReviews: {
    access: 'shopper',
    async handle(context) {
      const { query: request, returnPrivateReviews } = context.body;
      const at = cursorQuery({
        ...(request?.filter && { filter: readFilter(request.filter, 'query.filter') }),
        ...(request?.sort && { sort: request.sort }),
        ...(request?.cursorPaging && { cursorPaging: request.cursorPaging }),
      });
      const all = visible(context, await context.store.list(COLLECTIONS.reviews), returnPrivateReviews);
      const matching = query(all, at.filter, at.sort ?? [{ fieldName: 'createdDate', order: 'DESC' }]);
      const page = cursorPage(matching, at);
      return {
        body: {
          reviews: page.items,
          metadata: { count: page.items.length, offset: at.offset, total: matching.length, tooManyToCount: false, cursors: page.cursors },
        },
      };
    },
  },
  setReviewReply: {
    access: 'merchant',
    async handle(context) {
      const { message } = context.body;
      const review = await changeable(context, context.path.reviewId);
      const now = context.now();
      const saved = await save(context, { ...review, reply: { message, createdDate: review.reply?.createdDate ?? now, updatedDate: now } });
      return { body: { review: saved } };
    },
  },
  removeReviewReply: {
    access: 'merchant',
    async handle(context) {
      const { reply: _reply, ...review } = await changeable(context, context.path.reviewId);
      const saved = await save(context, review);
      return { body: { review: saved } };
    },
  },
  countReviews: {
    access: 'shopper',
    async handle(context) {
      const { filter, includePrivateReviews } = context.body;
      const all = visible(context, await context.store.list(COLLECTIONS.reviews), includePrivateReviews);
      const count = query(all, readFilter(filter, 'filter'), undefined).length;
      if (count > REVIEW_COUNT_LIMIT) {
        throw refuse(
          context,
          428,
          'TOO_MANY_TO_COUNT',
          `More than ${REVIEW_COUNT_LIMIT} reviews match the filter: narrow it to count them`,
        );
      }
      return { body: { count } };
    },
  },
});
