// Who is calling: the merchant (the API key), or a visitor or member holding a token this mock minted. Tokens,
// refresh tokens, sign-in session tokens, state tokens and authorization codes live here, outside the session
// stores, so resetting a session keeps its callers signed in.

export type Role = 'visitor' | 'member' | 'merchant';

export interface Identity {
  readonly role: Role;
  /** visitorId, memberId, or the site owner's user id for the merchant. */
  readonly id: string;
  /** The session the identity was minted in (the merchant's: `default`). */
  readonly session: string;
}

/** The default API key (`MOCK_API_KEY` overrides it). */
export const DEFAULT_API_KEY = 'mock-api-key';
/** The user the API key acts as. */
export const SITE_OWNER_ID = '2f3e4d5c-6b7a-4890-a1b2-c3d4e5f6a7b8';
/** The session of the API key, and of every request that names none. */
export const DEFAULT_SESSION = 'default';
/** What a session may be called (the `x-mock-session` header, the controls' `session`). */
export const SESSION_NAME = /^[\w.:-]{1,100}$/;
/** Lifetime the token endpoint announces (4 hours, as the platform's); the mock itself never expires a token. */
export const ACCESS_TOKEN_SECONDS = 14_400;

/** The kinds of secret the registry hands out, each kept apart. */
export type TokenKind = 'access' | 'refresh' | 'session' | 'state' | 'code';

/**
 * Where minted tokens are kept: in memory by default, in Redis when replicas share state (a token minted by one
 * replica is honoured by every other). Bounded by whoever implements it.
 */
export interface TokenStore {
  put(kind: TokenKind, token: string, identity: Identity): Promise<void>;
  get(kind: TokenKind, token: string): Promise<Identity | undefined>;
  /** Reads and forgets in one step (an authorization code is redeemed once, whichever replica sees it). */
  take(kind: TokenKind, token: string): Promise<Identity | undefined>;
}

/** Most entries of each kind kept; the oldest goes first, so minting in a loop cannot exhaust memory. */
const MAX_ENTRIES = 50_000;

class BoundedMap<V> {
  readonly #map = new Map<string, V>();
  set(key: string, value: V): void {
    this.#map.set(key, value);
    if (this.#map.size > MAX_ENTRIES) this.#map.delete(this.#map.keys().next().value as string);
  }
  get(key: string): V | undefined {
    return this.#map.get(key);
  }
  delete(key: string): boolean {
    return this.#map.delete(key);
  }
}

export class MemoryTokenStore implements TokenStore {
  readonly #kinds = new Map<TokenKind, BoundedMap<Identity>>();

  #kind(kind: TokenKind): BoundedMap<Identity> {
    let map = this.#kinds.get(kind);
    if (!map) {
      map = new BoundedMap();
      this.#kinds.set(kind, map);
    }
    return map;
  }

  async put(kind: TokenKind, token: string, identity: Identity): Promise<void> {
    this.#kind(kind).set(token, identity);
  }

  async get(kind: TokenKind, token: string): Promise<Identity | undefined> {
    return this.#kinds.get(kind)?.get(token);
  }

  async take(kind: TokenKind, token: string): Promise<Identity | undefined> {
    const identity = this.#kinds.get(kind)?.get(token);
    this.#kinds.get(kind)?.delete(token);
    return identity;
  }
}

const token = (kind: string): string => `OauthNG.JWS.mock-${kind}.${globalThis.crypto.randomUUID().replace(/-/g, '')}`;

export interface IssuedTokens {
  readonly access_token: string;
  readonly token_type: 'Bearer';
  readonly expires_in: number;
  readonly refresh_token?: string;
}

export class IdentityRegistry {
  readonly #apiKey: string;
  readonly #tokens: TokenStore;

  constructor(apiKey: string = DEFAULT_API_KEY, tokens: TokenStore = new MemoryTokenStore()) {
    this.#apiKey = apiKey;
    this.#tokens = tokens;
  }

  get apiKey(): string {
    return this.#apiKey;
  }

  /**
   * The identity an Authorization header stands for; undefined when it names no key or token this mock
   * issued. A combined header (`<token>,<api key>`, as the authorized_client grant sends it) counts as the
   * merchant when one part is the API key.
   */
  async fromAuthorization(header: string | undefined, session: string | undefined): Promise<Identity | undefined> {
    if (!header) return undefined;
    const parts = header.split(',').map((part) => part.trim().replace(/^Bearer\s+/i, ''));
    if (parts.includes(this.#apiKey)) return { role: 'merchant', id: SITE_OWNER_ID, session: session ?? DEFAULT_SESSION };
    for (const part of parts) {
      const identity = await this.#tokens.get('access', part);
      if (identity) return identity;
    }
    return undefined;
  }

  /** New access (and refresh) tokens for an identity. */
  async issue(identity: Identity, withRefresh = true): Promise<IssuedTokens> {
    const access = token(identity.role);
    const issued: IssuedTokens = { access_token: access, token_type: 'Bearer', expires_in: ACCESS_TOKEN_SECONDS };
    if (!withRefresh) {
      await this.#tokens.put('access', access, identity);
      return issued;
    }
    const refresh = token(`${identity.role}-refresh`);
    await Promise.all([this.#tokens.put('access', access, identity), this.#tokens.put('refresh', refresh, identity)]);
    return { ...issued, refresh_token: refresh };
  }

  /** The identity a refresh token was issued to. */
  refreshIdentity(refreshToken: string): Promise<Identity | undefined> {
    return this.#tokens.get('refresh', refreshToken);
  }

  /** A sign-in session token (the answer of a successful login) for a member. */
  async sessionToken(identity: Identity): Promise<string> {
    const value = `JWS.mock-session.${globalThis.crypto.randomUUID().replace(/-/g, '')}`;
    await this.#tokens.put('session', value, identity);
    return value;
  }

  sessionTokenIdentity(value: string): Promise<Identity | undefined> {
    return this.#tokens.get('session', value);
  }

  /** A state token (a login waiting for e-mail verification) for a member. */
  async stateToken(identity: Identity): Promise<string> {
    const value = `JWS.mock-state.${globalThis.crypto.randomUUID().replace(/-/g, '')}`;
    await this.#tokens.put('state', value, identity);
    return value;
  }

  stateTokenIdentity(value: string): Promise<Identity | undefined> {
    return this.#tokens.get('state', value);
  }

  /** An authorization code the token endpoint exchanges once for member tokens. */
  async code(identity: Identity): Promise<string> {
    const value = `mock-code-${globalThis.crypto.randomUUID()}`;
    await this.#tokens.put('code', value, identity);
    return value;
  }

  redeemCode(value: string): Promise<Identity | undefined> {
    return this.#tokens.take('code', value);
  }
}
