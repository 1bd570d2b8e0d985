/** Role of the refresh token: none (signed out, no token yet), an anonymous visitor, or a signed-in member. */
export type TokenRole = 'none' | 'visitor' | 'member';

export interface AccessToken {
  readonly value: string;
  /** Expiry in epoch seconds. */
  readonly expiresAt: number;
}

export interface RefreshToken {
  readonly value: string;
  readonly role: TokenRole;
}

export interface Tokens {
  readonly accessToken: AccessToken;
  readonly refreshToken: RefreshToken;
}

export const EMPTY_TOKENS: Tokens = {
  accessToken: { value: '', expiresAt: 0 },
  refreshToken: { value: '', role: 'none' },
};

/** Where the strategy keeps tokens between calls (and, in the browser, between page loads). */
export interface TokenStorage {
  getTokens(): Tokens;
  setTokens(tokens: Tokens): void;
  /** Tells `listener` when the tokens change from outside this storage object (another tab); returns the unsubscribe. */
  subscribe?(listener: () => void): () => void;
}

export const nowInSeconds = (): number => Math.floor(Date.now() / 1000);

const ROLES: readonly TokenRole[] = ['none', 'visitor', 'member'];

/** Tokens read from outside (storage, caller) checked field by field; anything else is rejected by name. */
export const checkTokens = (value: unknown, source: string): Tokens => {
  const tokens = value as Partial<Tokens> | null;
  const fail = (field: string, rule: string): never => {
    throw new TypeError(`${source}: ${field} ${rule}`);
  };
  if (typeof tokens !== 'object' || tokens === null) return fail('tokens', 'must be an object');
  if (typeof tokens.accessToken?.value !== 'string') fail('accessToken.value', 'must be a string');
  if (typeof tokens.accessToken?.expiresAt !== 'number') fail('accessToken.expiresAt', 'must be a number of epoch seconds');
  if (typeof tokens.refreshToken?.value !== 'string') fail('refreshToken.value', 'must be a string');
  if (!ROLES.includes(tokens.refreshToken?.role as TokenRole)) fail('refreshToken.role', "must be 'none', 'visitor' or 'member'");
  return tokens as Tokens;
};

/** Keeps tokens in memory: the default, and what server-side rendering wants (one storage per request). */
export const memoryTokenStorage = (initial: Tokens = EMPTY_TOKENS): TokenStorage => {
  let current = checkTokens(initial, 'memoryTokenStorage');
  return {
    getTokens: () => current,
    setTokens: (tokens) => {
      current = checkTokens(tokens, 'setTokens');
    },
  };
};

/** Keeps tokens in the browser's localStorage under `key`; unreadable stored data counts as no tokens. */
export const localStorageTokenStorage = (
  key = 'storefront-api.tokens',
  storage: Storage | undefined = globalThis.localStorage,
): TokenStorage => {
  if (!storage) throw new Error('localStorageTokenStorage: no localStorage here (use memoryTokenStorage on the server)');
  // Parsed once per stored text: the same text gives the same object, which useSyncExternalStore needs.
  let lastRaw: string | null = null;
  let last: Tokens = EMPTY_TOKENS;
  return {
    getTokens: () => {
      const raw = storage.getItem(key);
      if (raw === lastRaw) return last;
      lastRaw = raw;
      try {
        last = raw ? checkTokens(JSON.parse(raw), 'localStorage') : EMPTY_TOKENS;
      } catch {
        last = EMPTY_TOKENS;
      }
      return last;
    },
    setTokens: (tokens) => storage.setItem(key, JSON.stringify(checkTokens(tokens, 'setTokens'))),
    subscribe: (listener) => {
      // Other tabs sharing this localStorage: the browser fires `storage` in every tab but the writer.
      const target = globalThis as { addEventListener?: Window['addEventListener']; removeEventListener?: Window['removeEventListener'] };
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener();
      };
      target.addEventListener?.('storage', onStorage);
      return () => target.removeEventListener?.('storage', onStorage);
    },
  };
};
