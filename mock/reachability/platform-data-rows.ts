// The platform's refusals (members, reviews, media, collections, recommendations, sign-in) reached on named data
// of the default fixture: the site owner's member Olivia, Sam with an active Linen Club subscription, Jane who
// blocked Maya, the Linen Tote Bag with more reviews than the mock counts, the site's one custom contact field
// (loyaltyTier). Where the platform's cause lies outside anything a storefront can do, the row is forced with why.
import { WRONG_VERIFICATION_CODE } from '../auth-scenarios';
import { REVIEW_COUNT_LIMIT } from '../services/platform/reviews';
import type { Call, How, ReachRow } from './rows';

const STORES = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const BOOKINGS = '13d21c63-b5ec-5912-8397-c3a5ddb27a97';
const RELATED_ITEMS = '68ebce04-b96a-4c52-9329-08fc9d8c1253';
const SHIRT = '1a2d7e83-4bef-31d5-09e1-3326ee271c09';
const TOTE = 'c8539b66-7a44-fe18-affc-afec4be8562a';
const MAYA = '5c1b2a3d-7e8f-4a10-9b2c-3d4e5f607182';
const MAYA_CONTACT = '5c1b2a3d-7e8f-4a10-9b2c-c0ffee000001';
const DANIEL = '5e9b2f7c-1a3d-4e6f-8b0a-2c4e6f8a0b1c';
const JANE = '5e9a7c1b-2d4f-4a63-8b0e-1f2c3d4e5a6b';
const OLIVIA = '0f1e2d3c-4b5a-4697-8a8b-9c0d1e2f3a4b';
const SAM = '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d';
const NO_SUCH_MEMBER = '0badc0de-0000-4000-8000-000000000404';
const NO_SUCH_CHECKOUT = '0badc0de-0000-4000-8000-0000000c4ec0';
const NO_SUCH_ALGORITHM = '0badc0de-0000-4000-8000-00000000a160';
const DANAS_REVIEW = '9b2e4c61-3f8a-4d7e-b5c2-0a1f6e8d4b37';
const REVIEW_IN_MODERATION = '1d4a6e83-5b0c-4f9a-b7e4-2c3d8a0f6d59';
const NO_SUCH_FILE = '0abec0_00000000000000000000000000000000~mv2.jpg';
const OPEN_CHECKOUTS_CART = '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b';
const STATE_TOKEN = 'JWS.eyJraWQiOiJzdGF0ZSIsImFsZyI6IkhTMjU2In0.eyJkYXRhIjoic3RhdGUifQ.c2lnbmF0dXJl';

const row = (operation: string, status: number, code: string, how: How): ReachRow => ({ operation, status, code, how });
const request = (data: string, call: Call): How => ({ request: call, data });
const steps = (data: string, ...calls: Call[]): How => ({ steps: calls, data });
const force = (reason: string): How => ({ force: true, reason });

/** Maya's own member read: her token is minted before a later step removes her. */
const mayaReadsHerself: Call = { as: 'member', method: 'GET', path: '/v1/members/my' };
const mayaDeleted: Call = { as: 'merchant', method: 'DELETE', path: `/v1/members/${MAYA}` };
const mayaBlocked: Call = { as: 'merchant', method: 'POST', path: `/v1/members/${MAYA}/block` };

/** The calls that sign in the session's default member (Maya) when they carry no token of their own. */
const signInAsDefault: Readonly<Record<string, Call>> = {
  recover: {
    as: 'visitor',
    method: 'POST',
    path: '/v1/recover',
    body: { recoveryToken: 'JWS.not-issued', password: 'N3w-Str0ng-Passw0rd' },
  },
  verifyDuringAuthentication: { as: 'visitor', method: 'POST', path: '/v1/auth/verify', body: { code: '482913', stateToken: STATE_TOKEN } },
  ssoLoginWithTokenParams: {
    as: 'visitor',
    method: 'POST',
    path: '/v1/sso/login-with-token-params',
    body: { idpConnectionId: '9b2e4c71-5a3d-4f60-8e1b-7c2d9a4f6e05', tokenParams: { idToken: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln' } },
  },
};

/** A sign-in that stops at e-mail verification (the `verify@` scenario), answering its state token and member. */
const signInToVerify: Call = {
  as: 'visitor',
  method: 'POST',
  path: '/v2/login',
  body: { loginId: { email: 'verify@example.com' }, password: 'Str0ng-Passw0rd' },
};
/** A sign-in that succeeds, answering its session token and member. */
const signInLee: Call = {
  as: 'visitor',
  method: 'POST',
  path: '/v2/login',
  body: { loginId: { email: 'lee.park@example.com' }, password: 'Str0ng-Passw0rd' },
};
const signedInMemberDeleted: Call = { as: 'merchant', method: 'DELETE', path: '/v1/members/{0.identity.id}' };

/** Maya's own calls, refused once the site owner deleted her. */
const ownCalls: Readonly<Record<string, Call>> = {
  updateMySlug: { as: 'member', method: 'POST', path: '/v1/members/my/slug', body: { slug: 'maya-cohen' } },
  joinCommunity: { as: 'member', method: 'POST', path: '/v1/members/join-community' },
  leaveCommunity: { as: 'member', method: 'POST', path: '/v1/members/leave-community' },
  deleteMyMember: { as: 'member', method: 'DELETE', path: '/v1/members/my' },
  changePassword: { as: 'member', method: 'POST', path: '/v2/change-password', body: { newPassword: 'N3w-Str0ng-Passw0rd' } },
};

const mediaNotFound: Readonly<Record<string, Call>> = {
  generateFilesDownloadUrl: { as: 'merchant', method: 'POST', path: '/v1/files/generate-download-url', body: { fileIds: [NO_SUCH_FILE] } },
  generateFileDownloadUrl: {
    as: 'merchant',
    method: 'POST',
    path: '/v1/files/generate-file-download-url',
    body: { fileId: NO_SUCH_FILE },
  },
  getFileDescriptor: { as: 'merchant', method: 'GET', path: `/v1/files/get-file-by-id?fileId=${encodeURIComponent(NO_SUCH_FILE)}` },
  getFileDescriptors: { as: 'merchant', method: 'POST', path: '/v1/files/get-files', body: { fileIds: [NO_SUCH_FILE] } },
  updateFileDescriptor: {
    as: 'merchant',
    method: 'PATCH',
    path: '/v1/files/update-file-descriptor',
    body: { file: { id: NO_SUCH_FILE, displayName: 'renamed.jpg' } },
  },
  generateVideoStreamingUrl: {
    as: 'merchant',
    method: 'POST',
    path: '/v1/files/generate-video-stream-url',
    body: { fileId: NO_SUCH_FILE, format: 'HLS' },
  },
};

const register = (profile: Record<string, unknown>): Call => ({
  as: 'visitor',
  method: 'POST',
  path: '/v2/register',
  body: { loginId: { email: 'alex.kim@example.com' }, password: 'Str0ng-Passw0rd', profile },
});

const recommend = (items: readonly { catalogItemId: string; appId: string }[], algorithm: string): Call => ({
  as: 'visitor',
  method: 'POST',
  path: '/v1/recommendations/get',
  body: { items, algorithms: [{ id: algorithm, appId: STORES }] },
});

/** Why the storefront permission refusals of the commerce and catalogue calls are forced. */
const APP_SCOPES =
  "the headless client (OAuth app) lacks the permission scope for this call: a setting of the app in the site's dashboard, not anything in the request";
const IDENTITY = 'decided by the identity service from things outside the request';
const reviewCall = (as: Call['as'], method: Call['method'], path: string, body?: unknown): Call => ({
  as,
  method,
  path,
  ...(body !== undefined && { body }),
});
const MAYA_ON_DANA = "Maya changing Dana's published review (only its author or the site owner may)";

export const PLATFORM_DATA_ROWS: readonly ReachRow[] = [
  // Collections and media: what the site does not have.
  row(
    'getCollectionBySlugV1',
    404,
    'NOT_FOUND',
    request('a slug no collection has (no-such-collection)', {
      as: 'visitor',
      method: 'GET',
      path: '/v1/collections/slug/no-such-collection',
    }),
  ),
  row(
    'getCollectionBySlug',
    404,
    'NOT_FOUND',
    request('the Coming Soon collection, hidden from shoppers, read by a visitor', {
      as: 'visitor',
      method: 'GET',
      path: '/v2/collections/slug/coming-soon',
    }),
  ),
  ...Object.entries(mediaNotFound).map(([operation, call]) =>
    row(operation, 404, 'NOT_FOUND', request(`a file id the site does not have (${NO_SUCH_FILE})`, call)),
  ),

  row(
    'createRedirectSession',
    404,
    'NOT_FOUND',
    request('a checkout id the site does not have, sent to the checkout page', {
      as: 'visitor',
      method: 'POST',
      path: '/v1/redirect-session',
      body: { ecomCheckout: { checkoutId: NO_SUCH_CHECKOUT }, callbacks: { postFlowUrl: 'https://shop.example.com/' } },
    }),
  ),

  // Recommendations.
  row(
    'getRecommendation',
    428,
    'ALGORITHM_NOT_SUPPORTED',
    request('an algorithm id no provider of the site offers', recommend([{ catalogItemId: SHIRT, appId: STORES }], NO_SUCH_ALGORITHM)),
  ),
  row(
    'getRecommendation',
    428,
    'ITEM_APP_ID_NOT_SUPPORTED',
    request(
      "an item of the bookings catalogue, which the site's algorithms (stores items only) do not rank",
      recommend([{ catalogItemId: SHIRT, appId: BOOKINGS }], RELATED_ITEMS),
    ),
  ),

  // Members: blocks, the owner, subscriptions, community.
  row(
    'getMember',
    403,
    'MEMBER_TO_MEMBER_BLOCKED',
    request("Maya reading Jane's profile (Jane blocked Maya)", { as: 'member', method: 'GET', path: `/v1/members/${JANE}` }),
  ),
  row(
    'getMember',
    403,
    'PERMISSION_DENIED',
    request("Maya reading Daniel's full record (a member reads only its own)", {
      as: 'member',
      method: 'GET',
      path: `/v1/members/${DANIEL}?fieldsets=FULL`,
    }),
  ),
  ...(['Phones', 'Emails', 'Addresses'] as const).map((kind) =>
    row(
      `deleteMember${kind}`,
      403,
      'PERMISSION_DENIED',
      request(`Maya deleting Daniel's ${kind.toLowerCase()} (a member changes only its own)`, {
        as: 'member',
        method: 'DELETE',
        path: `/v1/members/${DANIEL}/${kind.toLowerCase()}`,
      }),
    ),
  ),
  row(
    'blockMember',
    403,
    'OWNER_MEMBER_BLOCK_FORBIDDEN',
    request("Olivia Stone, the site owner's member", { as: 'merchant', method: 'POST', path: `/v1/members/${OLIVIA}/block` }),
  ),
  row(
    'blockMember',
    403,
    'ACTIVE_SUBSCRIPTION_MEMBER_BLOCK_FORBIDDEN',
    request('Sam Rivera, with an active Linen Club (yearly) subscription', {
      as: 'merchant',
      method: 'POST',
      path: `/v1/members/${SAM}/block`,
    }),
  ),
  row(
    'blockMember',
    403,
    'MEMBER_SELF_BLOCK_FORBIDDEN',
    force(
      'a member blocking itself: only a site collaborator signed in to the dashboard calls block as a member; a storefront member may not call it at all (PERMISSION_DENIED) and the API key is no member',
    ),
  ),
  row(
    'joinCommunity',
    428,
    'COMMUNITY_JOIN_IMPOSSIBLE',
    steps('Maya, blocked by the site owner, joining the community', mayaBlocked, ownCalls.joinCommunity as Call),
  ),
  row(
    'getMyMember',
    404,
    'NOT_FOUND',
    request('a visitor, who has no member of its own', { as: 'visitor', method: 'GET', path: '/v1/members/my' }),
  ),
  ...Object.entries(ownCalls).map(([operation, call]) =>
    row(
      operation,
      404,
      'NOT_FOUND',
      steps('Maya, deleted by the site owner, calling on her own member', mayaReadsHerself, mayaDeleted, call),
    ),
  ),

  // Reviews.
  row(
    'countReviews',
    428,
    'TOO_MANY_TO_COUNT',
    request(`the Linen Tote Bag's published reviews (more than the ${REVIEW_COUNT_LIMIT} the mock counts)`, {
      as: 'visitor',
      method: 'POST',
      path: '/v1/reviews/count',
      body: { filter: { entityId: { $eq: TOTE } } },
    }),
  ),
  row(
    'countReviews',
    403,
    'PERMISSION_DENIED',
    request('a visitor counting unpublished reviews too (needs Manage Reviews)', {
      as: 'visitor',
      method: 'POST',
      path: '/v1/reviews/count',
      body: { filter: { entityId: { $eq: SHIRT } }, includePrivateReviews: true },
    }),
  ),
  row(
    'queryReviews',
    403,
    'PERMISSION_DENIED',
    request('a visitor asking for unpublished reviews (needs Manage Reviews)', {
      as: 'visitor',
      method: 'POST',
      path: '/v1/reviews/query',
      body: { query: {}, returnPrivateReviews: true },
    }),
  ),
  row(
    'getReview',
    403,
    'PERMISSION_DENIED',
    request("a visitor asking for Noa's review in moderation (needs Manage Reviews)", {
      as: 'visitor',
      method: 'GET',
      path: `/v1/reviews/${REVIEW_IN_MODERATION}?returnPrivateReviews=true`,
    }),
  ),
  row(
    'createReview',
    403,
    'PERMISSION_DENIED',
    request("a visitor writing a review as Maya's contact (only the site owner writes for another contact)", {
      as: 'visitor',
      method: 'POST',
      path: '/v1/reviews',
      body: { review: { namespace: 'stores', entityId: SHIRT, content: { rating: 5 }, author: { contactId: MAYA_CONTACT } } },
    }),
  ),
  row(
    'updateReview',
    403,
    'PERMISSION_DENIED',
    request(
      MAYA_ON_DANA,
      reviewCall('member', 'PATCH', `/v1/reviews/${DANAS_REVIEW}`, {
        review: { revision: '3', content: { rating: 1 } },
        fieldMask: 'content.rating',
      }),
    ),
  ),
  row(
    'updateReviewContent',
    403,
    'PERMISSION_DENIED',
    request(
      MAYA_ON_DANA,
      reviewCall('member', 'PUT', `/v1/reviews/content/${DANAS_REVIEW}`, { content: { rating: 1 }, fieldMask: 'content.rating' }),
    ),
  ),
  row('deleteReview', 403, 'PERMISSION_DENIED', request(MAYA_ON_DANA, reviewCall('member', 'DELETE', `/v1/reviews/${DANAS_REVIEW}`))),

  // Sign-in and registration.
  row(
    'registerV2',
    400,
    'ATTRIBUTE_NOT_FOUND',
    request('a custom field the site does not have (shoeSize; the site has loyaltyTier)', {
      ...register({ customFields: [{ name: 'shoeSize', value: { strValue: '42' } }] }),
    }),
  ),
  row(
    'registerV2',
    400,
    'UNSUPPORTED_FIELD',
    request('the deprecated profile.emails (replaced by secondaryEmails)', register({ emails: ['alex.kim@example.com'] })),
  ),
  row(
    'registerV2',
    400,
    'CLIENT_METADATA_NOT_FOUND',
    force(`metadata the identity service keeps for the registering client, not in the request (clientMetaData is free-form): ${IDENTITY}`),
  ),
  row(
    'registerV2',
    400,
    'INVALID_LD_SESSION',
    force(`a session of the platform's own sign-in dialog, which a headless storefront never sends: ${IDENTITY}`),
  ),
  row(
    'registerV2',
    400,
    'INVALID_USER_TYPE',
    force(`the kind of account the identity service would create for the site (a site member or a platform user): ${IDENTITY}`),
  ),
  row(
    'registerV2',
    403,
    'PERMISSION_DENIED',
    force("the site's sign-up is closed (members join by invitation only): a site setting, not a request"),
  ),
  row(
    'loginV2',
    403,
    'PERMISSION_DENIED',
    request('the Spam Bot member, blocked by the site owner (e-mail spam.bot@example.com)', {
      as: 'visitor',
      method: 'POST',
      path: '/v2/login',
      body: { loginId: { email: 'spam.bot@example.com' }, password: 'Str0ng-Passw0rd' },
    }),
  ),
  ...Object.entries(signInAsDefault).map(([operation, call]) =>
    row(operation, 403, 'PERMISSION_DENIED', steps('Maya, blocked by the site owner, signed in', mayaBlocked, call)),
  ),
  row(
    'verifyDuringAuthentication',
    404,
    'NOT_FOUND',
    steps('a sign-in waiting for its e-mail code, whose member the site owner deleted meanwhile', signInToVerify, signedInMemberDeleted, {
      as: 'visitor',
      method: 'POST',
      path: '/v1/auth/verify',
      body: { code: '482913', stateToken: '{0.stateToken}' },
    }),
  ),
  row(
    'recover',
    404,
    'NOT_FOUND',
    steps(
      "a recovery token (the mock's are its state tokens) of a member the site owner deleted meanwhile",
      signInToVerify,
      signedInMemberDeleted,
      { as: 'visitor', method: 'POST', path: '/v1/recover', body: { recoveryToken: '{0.stateToken}', password: 'N3w-Str0ng-Passw0rd' } },
    ),
  ),
  row(
    'loginCallback',
    404,
    'NOT_FOUND',
    steps('the session token of a sign-in whose member the site owner deleted meanwhile', signInLee, signedInMemberDeleted, {
      as: 'visitor',
      method: 'GET',
      path: '/v1/callback?state=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&sessionToken={0.sessionToken}',
    }),
  ),
  ...['ssoLoginWithTokenParams', 'ssoCallback'].map((operation) =>
    row(
      operation,
      404,
      'NOT_FOUND',
      force(
        "single sign-on connections are the site's identity settings, outside the fixture: the mock signs in the session's default member for any",
      ),
    ),
  ),
  row(
    'verifyDuringAuthentication',
    400,
    'VERIFICATION_FAILED',
    request(`a wrong or expired code (the mock takes ${WRONG_VERIFICATION_CODE} as one)`, {
      as: 'visitor',
      method: 'POST',
      path: '/v1/auth/verify',
      body: { code: WRONG_VERIFICATION_CODE, stateToken: STATE_TOKEN },
    }),
  ),
  row(
    'sendActivationEmail',
    404,
    'NOT_FOUND',
    request('an identity id no member has', {
      as: 'merchant',
      method: 'POST',
      path: '/v1/activation-email',
      body: { identityId: NO_SUCH_MEMBER },
    }),
  ),
  row(
    'startVerification',
    404,
    'NOT_FOUND',
    request('an identity id no member has', {
      as: 'visitor',
      method: 'POST',
      path: '/v1/Start',
      body: { identityId: NO_SUCH_MEMBER, target: 'EMAIL' },
    }),
  ),
  row(
    'sendRecoveryEmail',
    404,
    'NOT_FOUND',
    force(
      "never told for an address: the platform (and the mock) answer alike whether or not it is a member's; its 404 is a site without member sign-in, a site setting",
    ),
  ),
  row(
    'token',
    401,
    'UNAUTHENTICATED',
    request("the authorized_client grant without the merchant's API key (a visitor token instead)", {
      as: 'visitor',
      method: 'POST',
      path: '/oauth2/token',
      body: { grant_type: 'authorized_client', member_id: MAYA },
    }),
  ),
  row(
    'token',
    400,
    'unsupported_grant_type',
    force(
      "a grant type the token endpoint does not take (password, client_credentials): the contract lists the four grants it takes, so the mock's request check answers any other with INVALID_ARGUMENT (declared too) before the token service",
    ),
  ),

  // Commerce and catalogue calls a storefront's role may make: refused only by the app's permissions.
  row(
    'getCheckoutByCartId',
    403,
    'PERMISSION_DENIED',
    request("the cart of the merchant's open checkout, read by a visitor", {
      as: 'visitor',
      method: 'GET',
      path: `/v1/checkouts/by-cart-id/${OPEN_CHECKOUTS_CART}`,
    }),
  ),
  ...['createCheckout', 'updateCurrentCart', 'addToCurrentCart', 'queryProductsViaGet', 'queryProducts'].map((operation) =>
    row(operation, 403, 'PERMISSION_DENIED', force(APP_SCOPES)),
  ),
];
