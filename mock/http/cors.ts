// CORS for browser clients (the explorer, silent sign-in): only allowed origins are reflected, with
// credentials. Default: pages served from this machine (localhost, 127.0.0.1, [::1], any port).
import { REQUEST_ID_HEADER } from '../../src/protocol';
import { VERDICT_HEADER } from '../proxy/verdict-header';

export interface CorsPolicy {
  /** Exact origins (`https://shop.example`); `*` allows any origin, without credentials. */
  readonly origins: readonly string[];
}

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;
// The browser explorer reads these (the proxy's verdict too, a gateway answer's Retry-After); without the expose list
// they are invisible to fetch().
const EXPOSED_HEADERS = `${REQUEST_ID_HEADER}, location, content-type, retry-after, ${VERDICT_HEADER}`;

/** MOCK_ALLOWED_ORIGINS: comma-separated origins; empty or unset keeps the local default. */
export const parseAllowedOrigins = (text: string | undefined): CorsPolicy => ({
  origins: (text ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean),
});

const allowed = (policy: CorsPolicy, origin: string): boolean =>
  policy.origins.length === 0 ? LOCAL_ORIGIN.test(origin) : policy.origins.includes(origin);

/** Headers that let the requesting origin read the answer; none for an origin that is not allowed. */
export const corsHeaders = (policy: CorsPolicy, origin: string | undefined): Record<string, string> => {
  if (!origin) return {};
  if (policy.origins.includes('*')) return { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSED_HEADERS };
  if (!allowed(policy, origin)) return { vary: 'origin' };
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': EXPOSED_HEADERS,
    vary: 'origin',
  };
};

export const isOriginAllowed = (policy: CorsPolicy, origin: string): boolean => policy.origins.includes('*') || allowed(policy, origin);

const HEADER_LIST = /^[\w!#$%&'*+.^`|~-]+(\s*,\s*[\w!#$%&'*+.^`|~-]+)*$/;

/** The preflight answer's own headers (methods, requested headers when well formed, cache time). */
export const preflightHeaders = (requestedHeaders: string | undefined): Record<string, string> => ({
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  ...(requestedHeaders && HEADER_LIST.test(requestedHeaders.trim()) && { 'access-control-allow-headers': requestedHeaders.trim() }),
  'access-control-max-age': '600',
});
