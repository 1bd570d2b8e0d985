// The mock's settings, each from a command-line flag or its environment variable (the flag wins), read from one
// table that `--help` prints too (docs/qa-mock-command.md). A bad value or an unknown flag stops start-up with one
// line naming the flag or variable and the rule.
import { type CorsPolicy, parseAllowedOrigins } from './http/cors';
import { DEFAULT_LIMITS, parseByteSize, type TransportLimits } from './limits';
import { MOCK_MODES, type MockMode } from './modes';

export interface ProxySettings {
  /** The API the proxy forwards to: an http(s) URL, optionally with a base path. */
  readonly upstream: string;
  /** How long the upstream may take for its whole answer before the client gets a 504. */
  readonly upstreamTimeoutMs: number;
  /** Where the upstream's answers are recorded as a fixture; undefined: nothing is recorded. */
  readonly recordDir: string | undefined;
}

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
  /** MOCK_STRICT=1: undeclared fields are refused (FIELD_NOT_ALLOWED) unless a request asks `Prefer: handling=lenient`. */
  readonly strict: boolean;
  /** Proxy mode only. */
  readonly proxy: ProxySettings | undefined;
  readonly store: StoreSetting;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export interface Setting {
  readonly flag: string;
  readonly env: string;
  /** What the value looks like in `--help`. */
  readonly value: string;
  readonly description: string;
}

export const SETTINGS = {
  port: { flag: '--port', env: 'PORT', value: 'N', description: 'port on 127.0.0.1 (0 picks a free one); default 4010' },
  mode: {
    flag: '--mode',
    env: 'MOCK_MODE',
    value: 'MODE',
    description: `${MOCK_MODES.join(', ')}; default stateful (static and dynamic need @stoplight/prism-cli installed)`,
  },
  upstream: { flag: '--upstream', env: 'MOCK_UPSTREAM', value: 'URL', description: 'proxy mode: the API to forward to and check' },
  upstreamTimeoutMs: {
    flag: '--upstream-timeout-ms',
    env: 'MOCK_UPSTREAM_TIMEOUT_MS',
    value: 'MS',
    description: 'proxy mode: longest wait for the upstream answer before a 504; default 10000',
  },
  record: {
    flag: '--record',
    env: 'MOCK_RECORD_DIR',
    value: 'DIR',
    description: 'proxy mode: record answers into DIR/recorded.json, a fixture the stateful mode loads',
  },
  fixturesDir: {
    flag: '--fixtures-dir',
    env: 'MOCK_FIXTURES_DIR',
    value: 'DIR',
    description: 'stateful mode: extra fixtures (<name>.json) beside the built-in ones',
  },
  apiKey: {
    flag: '--api-key',
    env: 'MOCK_API_KEY',
    value: 'KEY',
    description: "stateful mode: the merchant's API key; default mock-api-key",
  },
  maxBody: {
    flag: '--max-body',
    env: 'MOCK_MAX_BODY',
    value: 'SIZE',
    description: 'largest request body (1048576, 512kb, 2mb); default 1mb',
  },
  requestTimeoutMs: {
    flag: '--request-timeout-ms',
    env: 'MOCK_REQUEST_TIMEOUT_MS',
    value: 'MS',
    description: 'a client must send its whole request within this; default 30000',
  },
  publicUrl: {
    flag: '--public-url',
    env: 'MOCK_PUBLIC_URL',
    value: 'URL',
    description: 'the origin clients reach the mock at, for links it hands out',
  },
  strict: {
    flag: '--strict',
    env: 'MOCK_STRICT',
    value: '1|0',
    description:
      "refuse fields the contract does not declare (FIELD_NOT_ALLOWED); a request's Prefer: handling=strict|lenient decides for itself; default 0",
  },
  store: {
    flag: '--store',
    env: 'MOCK_STORE',
    value: 'URL',
    description: 'stateful mode: memory (default) or redis://host:port/db, state shared by replicas (docs/cluster.md)',
  },
  storePrefix: {
    flag: '--store-prefix',
    env: 'MOCK_STORE_PREFIX',
    value: 'TEXT',
    description: 'with a Redis store: the prefix of every key; default storefront-mock:',
  },
  allowedOrigins: {
    flag: '--allowed-origins',
    env: 'MOCK_ALLOWED_ORIGINS',
    value: 'LIST',
    description: 'comma-separated browser origins allowed by CORS (* any); default localhost pages',
  },
} as const satisfies Record<string, Setting>;

type SettingName = keyof typeof SETTINGS;

/** The `--help` text: usage, then one line per setting. */
export const helpText = (command: string): string => {
  const rows = Object.values(SETTINGS).map((setting) => [`${setting.flag} ${setting.value}`, setting.env, setting.description]);
  const width = (column: number) => Math.max(...rows.map((row) => (row[column] ?? '').length));
  const lines = rows.map(([flag, env, text]) => `  ${(flag ?? '').padEnd(width(0))}  ${(env ?? '').padEnd(width(1))}  ${text}`);
  return [
    `Usage: ${command} [flags]`,
    '',
    'Serves the storefront API mock (commerce + platform) on 127.0.0.1, or checks a real API as a proxy.',
    'Every flag has an environment variable (the flag wins); --flag VALUE and --flag=VALUE both work.',
    '',
    ...lines,
    `  ${'--help'.padEnd(width(0))}  ${''.padEnd(width(1))}  print this and exit`,
    `  ${'--version'.padEnd(width(0))}  ${''.padEnd(width(1))}  print the API version (the package's) and exit`,
    '',
    'Exit codes: 0 stopped by SIGINT/SIGTERM, or after --help or --version; 1 failed to start (port taken, unreadable fixtures); 2 bad flag or value.',
  ].join('\n');
};

/** Flags by name; throws on an unknown flag or a flag without its value. `--help` and `--version` are reported as booleans. */
export const parseFlags = (
  argv: readonly string[],
): { readonly values: Partial<Record<SettingName, string>>; readonly help: boolean; readonly version: boolean } => {
  const byFlag = new Map(Object.entries(SETTINGS).map(([name, setting]) => [setting.flag as string, name as SettingName]));
  const values: Partial<Record<SettingName, string>> = {};
  let help = false;
  let version = false;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    if (arg === '--help' || arg === '-h') {
      help = true;
      continue;
    }
    if (arg === '--version') {
      version = true;
      continue;
    }
    const equals = arg.indexOf('=');
    const flag = arg.startsWith('--') && equals !== -1 ? arg.slice(0, equals) : arg;
    const name = byFlag.get(flag);
    if (!name) throw new ConfigError(`unknown ${arg.startsWith('-') ? 'flag' : 'argument'} "${flag.slice(0, 100)}"; see --help`);
    let value: string | undefined;
    if (equals !== -1 && arg.startsWith('--')) value = arg.slice(equals + 1);
    else {
      value = argv[index + 1];
      index += 1;
    }
    if (value === undefined || (value.startsWith('--') && equals === -1))
      throw new ConfigError(`${flag} needs a value (${SETTINGS[name].value}); see --help`);
    values[name] = value;
  }
  return { values, help, version };
};

/** Keys the mock writes in Redis start with this unless MOCK_STORE_PREFIX says otherwise. */
export const DEFAULT_STORE_PREFIX = 'storefront-mock:';

/** MOCK_STORE: `memory` (the default) or `redis://host:port/db`; MOCK_STORE_PREFIX: the prefix of every key. */
export const readStore = (env: Readonly<Record<'MOCK_STORE' | 'MOCK_STORE_PREFIX', string | undefined>>): StoreSetting => {
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
  const { values } = parseFlags(argv);
  /** The setting's text and the name to blame for it: the flag when given, else the variable. */
  const read = (name: SettingName): { readonly text: string | undefined; readonly source: string } => {
    const setting = SETTINGS[name];
    const flagged = values[name];
    if (flagged !== undefined) return { text: flagged, source: setting.flag };
    const fromEnv = env[setting.env];
    return { text: fromEnv === '' ? undefined : fromEnv, source: setting.env };
  };
  const integer = (name: SettingName, fallback: number, min: number, max: number): number => {
    const { text, source } = read(name);
    if (text === undefined) return fallback;
    const value = Number(text);
    if (text.trim() === '' || !Number.isInteger(value) || value < min || value > max) {
      throw new ConfigError(`${source} must be an integer from ${min} to ${max}, got "${text.slice(0, 100)}"`);
    }
    return value;
  };

  const port = integer('port', 4010, 0, 65535);
  const modeSetting = read('mode');
  const mode = modeSetting.text ?? 'stateful';
  if (!MOCK_MODES.includes(mode as MockMode)) {
    throw new ConfigError(`${modeSetting.source} must be ${MOCK_MODES.join(', ')}, got "${mode.slice(0, 100)}"`);
  }
  const apiKeySetting = read('apiKey');
  const apiKey = apiKeySetting.text;
  if (apiKey !== undefined && !/^[\x21-\x7e]{8,200}$/.test(apiKey))
    throw new ConfigError(`${apiKeySetting.source} must be 8 to 200 printable characters without spaces`);
  let maxBodyBytes = DEFAULT_LIMITS.maxBodyBytes;
  const maxBody = read('maxBody');
  if (maxBody.text !== undefined) {
    const parsed = parseByteSize(maxBody.text);
    if (parsed === undefined)
      throw new ConfigError(`${maxBody.source} must be a size in bytes such as 1048576, 512kb or 2mb, got "${maxBody.text.slice(0, 100)}"`);
    maxBodyBytes = parsed;
  }
  const requestTimeoutMs = integer('requestTimeoutMs', DEFAULT_LIMITS.requestTimeoutMs, 100, 600_000);
  const publicUrlSetting = read('publicUrl');
  const publicUrl = publicUrlSetting.text;
  if (publicUrl !== undefined && !/^https?:\/\/[^/?#]+\/?$/.test(publicUrl)) {
    throw new ConfigError(
      `${publicUrlSetting.source} must be an http(s) origin such as http://127.0.0.1:4010, got "${publicUrl.slice(0, 100)}"`,
    );
  }
  const strictSetting = read('strict');
  const strict = strictSetting.text ?? '0';
  if (!['0', '1', 'true', 'false'].includes(strict))
    throw new ConfigError(`${strictSetting.source} must be 1 or 0 (true or false), got "${strict.slice(0, 100)}"`);
  // The command's flags are read too: a flag is the variable it stands for.
  const store = readStore({ MOCK_STORE: read('store').text, MOCK_STORE_PREFIX: read('storePrefix').text });
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
    cors: parseAllowedOrigins(read('allowedOrigins').text),
    publicUrl,
    apiKey,
    fixturesDir: read('fixturesDir').text,
    strict: strict === '1' || strict === 'true',
    proxy: readProxySettings(mode as MockMode, read, integer),
  };
};

const readProxySettings = (
  mode: MockMode,
  read: (name: SettingName) => { readonly text: string | undefined; readonly source: string },
  integer: (name: SettingName, fallback: number, min: number, max: number) => number,
): ProxySettings | undefined => {
  const upstream = read('upstream');
  const record = read('record');
  if (mode !== 'proxy') {
    for (const given of [upstream, record, read('upstreamTimeoutMs')]) {
      if (given.text !== undefined) throw new ConfigError(`${given.source} works only with --mode proxy`);
    }
    return undefined;
  }
  if (upstream.text === undefined) throw new ConfigError(`--mode proxy needs --upstream URL (or ${SETTINGS.upstream.env})`);
  let url: URL | undefined;
  try {
    url = new URL(upstream.text);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password) {
    throw new ConfigError(`${upstream.source} must be an http(s) URL without query or credentials, got "${upstream.text.slice(0, 100)}"`);
  }
  return {
    upstream: url.href.replace(/\/+$/, ''),
    upstreamTimeoutMs: integer('upstreamTimeoutMs', 10_000, 50, 600_000),
    recordDir: record.text,
  };
};
