// Sign-in as the platform plays it, with identities the mock mints: the token endpoint (anonymous visitor tokens,
// refresh, authorization codes from the hosted page, authorized clients), login and register (the e-mail's local
// part still picks a scenario: README), e-mail verification, recovery, SSO and the browser redirects. A login
// with any other e-mail signs that member in, creating it on first use.
import { SIGN_IN_SCENARIOS, WRONG_VERIFICATION_CODE } from '../../auth-scenarios';
import type { PlatformFailure } from '../../engine/failure';
import { readSettings } from '../../engine/fixtures';
import type { Identity } from '../../engine/identity';
import { type CallContext, defineService, exampleAnswer, type ServiceAnswer, type ServiceContext } from '../../engine/service-table';
import { parsePrefer } from '../../pipeline/prefer-header';
import { COLLECTIONS, saveAndEmit } from '../records';
import type { PlatformBody, PlatformSchema } from '../wire-types';
import { unknownContactFields } from './contact-fields';
import { hostedSignInMember, indexLogin, MEMBER_EVENTS, type Member, memberByEmail, newMember, saveMember } from './member-accounts';
import { type Declaring, notFound, type PlatformCall, permissionDenied, refuse } from './refusals';

/** A sign-in state with its session or state token (status 200): the answer of every sign-in step. */
type StateAnswer = Extract<ServiceAnswer<'platform', 'loginV2'>, { readonly status?: 200 }>;

/** The browser redirects of the hosted pages (status 302, no body). */
type Redirect = Extract<ServiceAnswer<'platform', 'logout'>, { readonly status: 302 }>;

/** The platform's Identity of a member, as sign-in answers carry it. */
const identityOf = (member: Member): PlatformSchema<'Identity'> => ({
  id: member.id,
  revision: '1',
  createdDate: member.createdDate,
  updatedDate: member.updatedDate,
  identityProfile: {
    ...(member.contact?.firstName && { firstName: member.contact.firstName }),
    ...(member.contact?.lastName && { lastName: member.contact.lastName }),
    ...(member.profile?.nickname && { nickname: member.profile.nickname }),
    ...(member.privacyStatus && member.privacyStatus !== 'UNKNOWN' && { privacyStatus: member.privacyStatus }),
  },
  email: { address: member.loginEmail, isVerified: member.loginEmailVerified ?? false },
  status: {
    name:
      member.status === 'APPROVED'
        ? 'ACTIVE'
        : member.status === 'BLOCKED'
          ? 'BLOCKED'
          : member.status === 'OFFLINE'
            ? 'OFFLINE'
            : 'PENDING',
    reasons: member.status === 'PENDING' ? ['PENDING_ADMIN_APPROVAL_REQUIRED'] : [],
  },
  factors: [{ factorId: member.id, type: 'PASSWORD', status: 'ACTIVE' }],
});

const memberIdentity = (context: CallContext, member: Member): Identity => ({
  role: 'member',
  id: member.id as string,
  session: context.session,
});

/** The scenario an e-mail picks for this call (README: `owner-approval@`, `verify@`...), as a Prefer value. */
const scenarioOf = (path: string, email: string | undefined): string | undefined => {
  const local = (email?.split('@')[0] ?? '').split('+')[0]?.toLowerCase() ?? '';
  return SIGN_IN_SCENARIOS[path]?.[local];
};

type SignInOperation = 'loginV2' | 'registerV2';

/** The named example of a scenario, with its status: errors as they are, states completed with real tokens. */
const scenarioAnswer = <K extends SignInOperation>(
  context: ServiceContext<'platform', K>,
  prefer: string,
): ServiceAnswer<'platform', K> => {
  const parsed = parsePrefer(prefer);
  const { code, example } = parsed.ok ? parsed.preferences : {};
  return exampleAnswer(context, { ...(code !== undefined && { code }), ...(example !== undefined && { example }) });
};

/** The answer of the scenario the e-mail picks, when it picks one. */
const scenarioFor = <K extends SignInOperation>(
  context: ServiceContext<'platform', K>,
  path: string,
  email: string,
): ServiceAnswer<'platform', K> | undefined => {
  const named = scenarioOf(path, email);
  return named ? scenarioAnswer(context, named) : undefined;
};

const findOrCreate = async (
  context: CallContext,
  email: string,
  profile: { firstName?: string; lastName?: string; nickname?: string } = {},
  status: 'PENDING' | 'APPROVED' = 'APPROVED',
) => {
  const existing = await memberByEmail(context.store, email);
  if (existing) return { member: existing, created: false };
  const member = await newMember(context.store, { loginEmail: email, ...profile, status }, context.now(), context.newId);
  await saveAndEmit(context, COLLECTIONS.members, member, MEMBER_EVENTS.created, { createdEvent: { entity: member } });
  await indexLogin(context.store, member);
  return { member, created: true };
};

/** SUCCESS with a session token for the member; the member's last login is now. */
const signedIn = async <K extends Declaring<403, 'PERMISSION_DENIED'>>(context: PlatformCall<K>, member: Member): Promise<StateAnswer> => {
  if (member.status === 'BLOCKED') throw permissionDenied(context, `Member ${member.loginEmail} is blocked by the site owner`);
  const now = context.now();
  const updated: Member = { ...member, lastLoginDate: now };
  await saveMember(context.store, updated);
  return {
    body: {
      state: 'SUCCESS',
      sessionToken: await context.identities.sessionToken(memberIdentity(context, updated)),
      identity: identityOf(updated),
      additionalData: {},
    },
  };
};

/** A state that needs the member to continue (verification, owner approval): the example, for this member. */
const pending = async (context: CallContext, member: Member, scenario: StateAnswer): Promise<StateAnswer> => {
  const body = scenario.body;
  return {
    status: scenario.status ?? 200,
    body: {
      ...body,
      identity: identityOf(member),
      ...('stateToken' in body && { stateToken: await context.identities.stateToken(memberIdentity(context, member)) }),
    },
  };
};

/** Signs the member of the e-mail in (registering it first when it is new), or stops at the scenario's state. */
const signIn = async <K extends Declaring<403, 'PERMISSION_DENIED'>>(
  context: PlatformCall<K>,
  email: string,
  register: PlatformBody<'registerV2'>['profile'] | undefined,
  scenario: StateAnswer | undefined,
): Promise<StateAnswer> => {
  const profile = {
    ...(register?.firstName && { firstName: register.firstName }),
    ...(register?.lastName && { lastName: register.lastName }),
    ...(register?.nickname && { nickname: register.nickname }),
  };
  const { member } = await findOrCreate(
    context,
    email,
    profile,
    scenario?.body.state === 'REQUIRE_OWNER_APPROVAL' ? 'PENDING' : 'APPROVED',
  );
  if (scenario && scenario.body.state !== 'SUCCESS') return pending(context, member, scenario);
  return signedIn(context, member);
};

/** The member a state, recovery or SSO token stands for; a token the mock did not mint signs in the session's default member. */
const memberOfToken = async <K extends Declaring<404, 'NOT_FOUND'>>(
  context: PlatformCall<K>,
  identity: Identity | undefined,
): Promise<Member> => {
  const id = identity?.id ?? (await hostedSignInMember(context.store));
  const member = await context.store.get(COLLECTIONS.members, id);
  if (!member) throw notFound(context, 'Member', id);
  return member;
};

const redirect = (location: string): Redirect => ({ status: 302, headers: { location, 'cache-control': 'no-store' } });

/** A grant the token endpoint refuses, in the OAuth 2.0 words the platform's token endpoint answers with. */
const invalidGrant = (context: PlatformCall<'token'>, description: string): PlatformFailure =>
  refuse(context, 400, 'invalid_grant', description);

/**
 * What the site's registration does not take: a custom field the site owner never added (ATTRIBUTE_NOT_FOUND), or
 * the profile's deprecated `emails` and `phones` (UNSUPPORTED_FIELD; they became `secondaryEmails` and `phonesV2`).
 */
const refuseProfile = async (context: PlatformCall<'registerV2'>, profile: PlatformBody<'registerV2'>['profile']): Promise<void> => {
  const unknown = await unknownContactFields(context.store, profile?.customFields ?? []);
  if (unknown.length > 0) {
    throw refuse(context, 400, 'ATTRIBUTE_NOT_FOUND', `The site has no custom contact field ${unknown.join(', ')}`, {
      attributes: unknown,
    });
  }
  const deprecated = (['emails', 'phones'] as const).filter((field) => profile?.[field] !== undefined);
  if (deprecated.length > 0) {
    throw refuse(
      context,
      400,
      'UNSUPPORTED_FIELD',
      `profile.${deprecated[0]} is no longer supported: send ${deprecated[0] === 'emails' ? 'secondaryEmails' : 'phonesV2'}`,
      { fields: deprecated.map((field) => `profile.${field}`) },
    );
  }
};

const tokenGrant = async (context: ServiceContext<'platform', 'token'>): Promise<ServiceAnswer<'platform', 'token'>> => {
  const request = context.body;
  if ('grantType' in request) {
    if (request.grantType === 'anonymous') {
      return { body: await context.identities.issue({ role: 'visitor', id: context.newId(), session: context.session }) };
    }
    if (request.grantType === 'refresh_token') {
      const identity = await context.identities.refreshIdentity(request.refreshToken);
      if (!identity) throw invalidGrant(context, 'The refresh token is not one this mock issued');
      // The platform answers a refresh with a new access token only: the refresh token stays.
      return { body: await context.identities.issue(identity, false) };
    }
    const identity = await context.identities.redeemCode(request.code);
    if (!identity) throw invalidGrant(context, 'The authorization code is not one this mock issued, or it was used already');
    return { body: await context.identities.issue(identity) };
  }
  // authorized_client: the merchant's key (in the combined Authorization header) signs a member in.
  if (context.identity?.role !== 'merchant')
    throw refuse(context, 401, 'UNAUTHENTICATED', 'authorized_client needs the API key in the Authorization header');
  const member = await context.store.get(COLLECTIONS.members, request.member_id);
  if (!member) throw invalidGrant(context, `Member ${request.member_id} was not found`);
  return { body: { ...(await context.identities.issue(memberIdentity(context, member))), ...(request.scope && { scope: request.scope }) } };
};

export const authenticationOperations = defineService('platform', {
  token: { access: 'anyone', handle: tokenGrant },
  loginV2: {
    access: 'shopper',
    async handle(context) {
      const { loginId } = context.body;
      const scenario = scenarioFor(context, '/v2/login', loginId.email);
      if (scenario?.status !== undefined && scenario.status !== 200) return scenario;
      return signIn(context, loginId.email, undefined, scenario);
    },
  },
  registerV2: {
    access: 'shopper',
    async handle(context) {
      const { loginId, profile } = context.body;
      const scenario = scenarioFor(context, '/v2/register', loginId.email);
      if (scenario?.status !== undefined && scenario.status !== 200) return scenario;
      await refuseProfile(context, profile);
      if (!scenario && (await memberByEmail(context.store, loginId.email)))
        return scenarioAnswer(context, 'code=409, example=emailAlreadyExists');
      return signIn(context, loginId.email, profile ?? {}, scenario);
    },
  },
  verifyDuringAuthentication: {
    access: 'shopper',
    async handle(context) {
      const { code, stateToken } = context.body;
      if (code === WRONG_VERIFICATION_CODE) throw refuse(context, 400, 'VERIFICATION_FAILED', 'The verification code is wrong or expired');
      const member = await memberOfToken(context, await context.identities.stateTokenIdentity(stateToken));
      return signedIn(context, { ...member, loginEmailVerified: true });
    },
  },
  resendDuringAuthentication: { access: 'shopper', handle: async () => ({ body: {} }) },
  recover: {
    access: 'shopper',
    async handle(context) {
      const { recoveryToken } = context.body;
      return signedIn(context, await memberOfToken(context, await context.identities.stateTokenIdentity(recoveryToken)));
    },
  },
  // Whether the address belongs to a member is never told, as on the platform: the answer is the same.
  sendRecoveryEmail: { access: 'shopper', handle: async () => ({ body: {} }) },
  sendActivationEmail: {
    access: 'merchant',
    async handle(context) {
      const { identityId } = context.body;
      if (!(await context.store.get(COLLECTIONS.members, identityId))) throw notFound(context, 'Identity', identityId);
      return { body: {} };
    },
  },
  startVerification: {
    access: 'shopper',
    async handle(context) {
      const { identityId } = context.body;
      if (identityId && !(await context.store.get(COLLECTIONS.members, identityId))) throw notFound(context, 'Identity', identityId);
      return { body: { verificationId: context.newId() } };
    },
  },
  changePassword: {
    access: 'member',
    async handle(context) {
      await memberOfToken(context, context.identity);
      return { body: {} };
    },
  },
  signOn: {
    access: 'merchant',
    async handle(context) {
      const { loginId, profile } = context.body;
      const { member } = await findOrCreate(context, loginId.email, {
        ...(profile?.firstName && { firstName: profile.firstName }),
        ...(profile?.lastName && { lastName: profile.lastName }),
        ...(profile?.nickname && { nickname: profile.nickname }),
      });
      return {
        body: { sessionToken: await context.identities.sessionToken(memberIdentity(context, member)), identity: identityOf(member) },
      };
    },
  },
  ssoLoginWithTokenParams: {
    access: 'shopper',
    handle: async (context) => signedIn(context, await memberOfToken(context, undefined)),
  },
  ssoLogin: {
    access: 'anyone',
    async handle(context) {
      const query = context.query;
      const back = new URL(query.authorizationUrl ?? `${context.publicUrl}/__mock/oauth/authorize`);
      back.searchParams.set('session_id', query.sessionId ?? '');
      return redirect(back.toString());
    },
  },
  ssoCallback: {
    access: 'anyone',
    async handle(context) {
      const query = context.query;
      const settings = await readSettings(context.store);
      const back = new URL('/callback', settings.siteUrl);
      if (query.error) back.searchParams.set('error', query.error);
      else back.searchParams.set('code', await context.identities.code(memberIdentity(context, await memberOfToken(context, undefined))));
      if (query.state) back.searchParams.set('state', query.state);
      return redirect(back.toString());
    },
  },
  loginCallback: {
    access: 'anyone',
    async handle(context) {
      const query = context.query;
      const settings = await readSettings(context.store);
      const identity = await context.identities.sessionTokenIdentity(query.sessionToken ?? '');
      const member = await memberOfToken(context, identity);
      const back = new URL('/callback', settings.siteUrl);
      back.searchParams.set('code', await context.identities.code(identity ?? memberIdentity(context, member)));
      if (query.state) back.searchParams.set('state', query.state);
      return redirect(back.toString());
    },
  },
  logout: {
    access: 'anyone',
    async handle(context) {
      const query = context.query;
      const back = new URL(`${context.publicUrl}/__mock/oauth/logout`);
      if (query.postLogoutRedirectUri) back.searchParams.set('post_logout_redirect_uri', query.postLogoutRedirectUri);
      return redirect(back.toString());
    },
  },
});
