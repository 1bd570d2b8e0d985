// The rules the spec states in its descriptions ("must send", "is rejected", "fails with CODE when"...), each with
// where it is kept: in the schema, by the mock (with the test that shows it), or not yet (said so). The
// reachability page lists them.

import { WRONG_VERIFICATION_CODE } from '../auth-scenarios';
import { REVIEW_COUNT_LIMIT } from '../services/platform/reviews';

export interface StatedRule {
  readonly operations: string;
  readonly rule: string;
  readonly kept: 'schema' | 'mock' | 'not yet';
  /** The schema keyword, or the test that shows the mock keeps it, or why not yet. */
  readonly where: string;
}

const RULES_TEST = 'tests/contract/stated-rules.test.ts';
const TABLE_TEST = 'tests/contract/reachability.test.ts';

export const STATED_RULES: readonly StatedRule[] = [
  {
    operations: 'createCheckoutFromCurrentCart',
    rule: 'a visitor who is not signed in must send `email` with an address',
    kept: 'mock',
    where: `400 naming email; ${RULES_TEST}`,
  },
  {
    operations: 'createCheckoutFromCurrentCart',
    rule: '`channelType` is required',
    kept: 'schema',
    where: `required: [channelType]; ${RULES_TEST}`,
  },
  {
    operations: 'createCheckoutFromCurrentCart',
    rule: '`channelType` UNSPECIFIED is rejected',
    kept: 'schema',
    where: `allOf narrowing the shared channel enumeration to every value but UNSPECIFIED; ${RULES_TEST}`,
  },
  {
    operations: 'createReview, createReviewAndContact',
    rule: 'an author writes one review per entity; a duplicate is rejected',
    kept: 'mock',
    where: `400 naming entityId; ${RULES_TEST}`,
  },
  {
    operations: 'createReviewAndContact',
    rule: '`name` and `email` are required when an app calls it',
    kept: 'mock',
    where: `400 naming the field; ${RULES_TEST}`,
  },
  {
    operations: 'updateReview',
    rule: 'a stale revision is rejected',
    kept: 'mock',
    where: '400 naming review.revision (mock/services/platform/reviews.ts)',
  },
  {
    operations: 'cancelOrder',
    rule: 'fails with ORDER_HAS_AUTHORIZED_TRANSACTION while an authorized payment is neither captured nor voided',
    kept: 'mock',
    where: `428; ${RULES_TEST}, ${TABLE_TEST}`,
  },
  {
    operations: 'cancelOrder, updateOrder',
    rule: 'pending and rejected orders fail with ORDER_IS_PENDING / ORDER_IS_REJECTED',
    kept: 'mock',
    where: `428; ${TABLE_TEST}`,
  },
  {
    operations: 'updateMySlug, updateMemberSlug',
    rule: 'a slug used by another member fails with SLUG_ALREADY_EXISTS; at most 255 characters',
    kept: 'mock',
    where: `409; maxLength in the schema; ${TABLE_TEST}`,
  },
  {
    operations: 'createBackInStockNotificationRequest',
    rule: 'the same address for the same item fails with BACK_IN_STOCK_NOTIFICATION_REQUEST_ALREADY_EXISTS',
    kept: 'mock',
    where: '409 (mock/services/commerce/back-in-stock.ts, tests/unit/mock-commerce-answers.test.ts)',
  },
  {
    operations: 'addProductsToCollection, removeProductsFromCollection',
    rule: 'at most 1000 ids per call',
    kept: 'schema',
    where: 'maxItems: 1000',
  },
  { operations: 'createReview, updateReview', rule: 'at most 10 media items', kept: 'schema', where: 'ReviewContent maxItems: 10' },
  { operations: 'getRecommendation', rule: 'at most 300 items', kept: 'schema', where: 'maxItems: 300' },
  { operations: 'createCheckout, addToCheckout', rule: 'at most 300 line items', kept: 'schema', where: 'maxItems: 300' },
  { operations: 'importFile, bulkImportFiles', rule: 'at most 100 labels', kept: 'schema', where: 'maxItems: 100' },
  { operations: 'every query with paging', rule: 'a page holds at most 100', kept: 'schema', where: 'maximum: 100 on the paging limits' },
  {
    operations: 'countReviews',
    rule: 'too many reviews to count fails with TOO_MANY_TO_COUNT',
    kept: 'mock',
    where: `428 past ${REVIEW_COUNT_LIMIT} matching reviews (the Linen Tote Bag has more); ${RULES_TEST}, ${TABLE_TEST}`,
  },
  {
    operations: 'getReview, queryReviews, countReviews',
    rule: 'unpublished reviews (returnPrivateReviews / includePrivateReviews) need the Manage Reviews permission',
    kept: 'mock',
    where: `403 PERMISSION_DENIED for anyone but the site owner; ${RULES_TEST}, ${TABLE_TEST}`,
  },
  {
    operations: 'createReview',
    rule: "a review for another contact (`review.author.contactId`) is the site owner's call (Manage Reviews)",
    kept: 'mock',
    where: `403 PERMISSION_DENIED; ${TABLE_TEST}`,
  },
  {
    operations: 'blockMember',
    rule: "the site owner's member, and a member with an active subscription, cannot be blocked",
    kept: 'mock',
    where: `403 OWNER_MEMBER_BLOCK_FORBIDDEN / ACTIVE_SUBSCRIPTION_MEMBER_BLOCK_FORBIDDEN; ${RULES_TEST}, ${TABLE_TEST}`,
  },
  {
    operations: 'blockMember',
    rule: 'a member cannot block itself (MEMBER_SELF_BLOCK_FORBIDDEN)',
    kept: 'not yet',
    where: "only a site collaborator calls block as a member; the mock's members may not call it: the table forces it",
  },
  {
    operations: 'getMember',
    rule: 'a member blocked by the requested member gets MEMBER_TO_MEMBER_BLOCKED',
    kept: 'mock',
    where: `403 with the caller's memberId (Jane blocked Maya); ${RULES_TEST}, ${TABLE_TEST}`,
  },
  {
    operations: 'verifyDuringAuthentication',
    rule: 'a wrong or expired code fails with VERIFICATION_FAILED',
    kept: 'mock',
    where: `400 for the code the mock takes as wrong (${WRONG_VERIFICATION_CODE}); ${RULES_TEST}, ${TABLE_TEST}`,
  },
  {
    operations: 'joinCommunity',
    rule: 'fails with COMMUNITY_JOIN_IMPOSSIBLE when the site or the member cannot join',
    kept: 'mock',
    where: `428 for a member who is not approved (blocked or pending); ${TABLE_TEST}`,
  },
  {
    operations: 'startVerification',
    rule: 'the call fails without `identityId`',
    kept: 'schema',
    where: `required: [identityId]; ${RULES_TEST}`,
  },
];
