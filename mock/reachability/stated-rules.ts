// The rules the spec states in its descriptions ("must send", "is rejected", "fails with CODE when"...), each with
// where it is kept: in the schema, by the mock (with the test that shows it), or not yet (said so). The
// reachability page lists them.

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
    kept: 'not yet',
    where:
      'the channel enumeration is shared with createCheckout, which takes UNSPECIFIED; narrowing it needs an allOf the generated types keep',
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
    kept: 'not yet',
    where: 'the fixture has 5 reviews; the table forces it',
  },
  {
    operations: 'getMember',
    rule: 'a member blocked by the requested member gets MEMBER_TO_MEMBER_BLOCKED',
    kept: 'not yet',
    where: 'the fixture records no member-to-member blocks; the table forces it',
  },
  {
    operations: 'verifyDuringAuthentication',
    rule: 'a wrong or expired code fails with VERIFICATION_FAILED',
    kept: 'not yet',
    where: 'the table forces it',
  },
  {
    operations: 'joinCommunity',
    rule: 'fails with COMMUNITY_JOIN_IMPOSSIBLE when the site or the member cannot join',
    kept: 'not yet',
    where: 'the table forces it',
  },
  {
    operations: 'startVerification',
    rule: 'the call fails without `identityId`',
    kept: 'not yet',
    where: 'not required in the schema yet',
  },
];
