// The mock's settings from the environment (README, "The mock"); a bad value stops start-up naming the variable.
import { type CorsPolicy, parseAllowedOrigins } from './http/cors';
import { DEFAULT_LIMITS, parseByteSize, type TransportLimits } from './limits';
import { MOCK_MODES, type MockMode } from './modes';

/** Where stateful mode keeps its state: in this process, or in Redis shared by replicas. */
export type StoreSetting = { readonly kind: 'memory' } | { readonly kind: 'redis'; readonly url: string; readonly prefix: string };

export interface MockConfig {
  readonly port: number;
  readonly mode: MockMode;
  readonly limits: TransportLimits;
  readonly cors: CorsPolicy;
  readonly publicUrl: string | undefined;
  readonly apiKey: string | undefined;
  readonly fixturesDir: string | undefined;
  readonly store: StoreSetting;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const integer = (name: string, text: string | undefined, fallback: number, min: number, max: number): number => {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${text}"`);
  }
  return value;
};

/** `--mode X` or `--mode=X` on the command line (`npm run mock -- --mode static`); undefined when absent. */
export const modeArgument = (argv: readonly string[]): string | undefined => {
  for (const [index, arg] of argv.entries()) {
    if (arg === '--mode') return argv[index + 1] ?? '';
    if (arg.startsWith('--mode=')) return arg.slice('--mode='.length);
  }
  return undefined;
};

/** Keys the mock writes in Redis start with this unless MOCK_STORE_PREFIX says otherwise. */
export const DEFAULT_STORE_PREFIX = 'storefront-mock:';

/** MOCK_STORE: `memory` (the default) or `redis://host:port/db`; MOCK_STORE_PREFIX: the prefix of every key. */
export const readStore = (env: NodeJS.ProcessEnv): StoreSetting => {
  const text = env.MOCK_STORE || 'memory';
  if (text === 'memory') return { kind: 'memory' };
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'redis:' || !url.hostname || !/^(\/\d{0,2})?$/.test(url.pathname)) {
    throw new ConfigError(`MOCK_STORE must be memory or a Redis URL such as redis://127.0.0.1:6379/0, got "${text}"`);
  }
  const prefix = env.MOCK_STORE_PREFIX ?? DEFAULT_STORE_PREFIX;
  if (!/^[\w.:-]{1,64}$/.test(prefix)) throw new ConfigError('MOCK_STORE_PREFIX must be 1 to 64 letters, digits or ._:-');
  return { kind: 'redis', url: text, prefix };
};

export const readMockConfig = (env: NodeJS.ProcessEnv, argv: readonly string[] = []): MockConfig => {
  const port = integer('PORT', env.PORT, 4010, 0, 65535);
  const given = modeArgument(argv);
  const mode = given ?? env.MOCK_MODE ?? 'stateful';
  if (!MOCK_MODES.includes(mode as MockMode)) {
    throw new ConfigError(`${given === undefined ? 'MOCK_MODE' : '--mode'} must be ${MOCK_MODES.join(', ')}, got "${mode}"`);
  }
  const apiKey = env.MOCK_API_KEY || undefined;
  if (apiKey !== undefined && !/^[\x21-\x7e]{8,200}$/.test(apiKey))
    throw new ConfigError('MOCK_API_KEY must be 8 to 200 printable characters without spaces');
  let maxBodyBytes = DEFAULT_LIMITS.maxBodyBytes;
  if (env.MOCK_MAX_BODY) {
    const parsed = parseByteSize(env.MOCK_MAX_BODY);
    if (parsed === undefined)
      throw new ConfigError(`MOCK_MAX_BODY must be a size in bytes such as 1048576, 512kb or 2mb, got "${env.MOCK_MAX_BODY}"`);
    maxBodyBytes = parsed;
  }
  const requestTimeoutMs = integer('MOCK_REQUEST_TIMEOUT_MS', env.MOCK_REQUEST_TIMEOUT_MS, DEFAULT_LIMITS.requestTimeoutMs, 100, 600_000);
  const publicUrl = env.MOCK_PUBLIC_URL || undefined;
  if (publicUrl !== undefined && !/^https?:\/\/[^/?#]+\/?$/.test(publicUrl)) {
    throw new ConfigError(`MOCK_PUBLIC_URL must be an http(s) origin such as http://127.0.0.1:4010, got "${publicUrl}"`);
  }
  const store = readStore(env);
  if (store.kind === 'redis' && mode !== 'stateful') throw new ConfigError(`MOCK_STORE=redis://... needs stateful mode, not ${mode}`);
  return {
    store,
    port,
    mode: mode as MockMode,
    limits: {
      maxBodyBytes,
      requestTimeoutMs,
      headersTimeoutMs: Math.min(DEFAULT_LIMITS.headersTimeoutMs, requestTimeoutMs),
      keepAliveTimeoutMs: DEFAULT_LIMITS.keepAliveTimeoutMs,
    },
    cors: parseAllowedOrigins(env.MOCK_ALLOWED_ORIGINS),
    publicUrl,
    apiKey,
    fixturesDir: env.MOCK_FIXTURES_DIR || undefined,
  };
};
