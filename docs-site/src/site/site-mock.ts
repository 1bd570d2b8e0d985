// Which mock the site talks to, read the same way by every page (home, reference, explorer): `?mock=<url>` in the
// page's address first, then docs-site/dist/config.json at the site's root (npm start serves it, naming the mock it started;
// a static host may hold one), else the default port. Links between the pages carry the answer on as `?mock=`.
export const DEFAULT_MOCK_URL = 'http://127.0.0.1:4010';
/** The settings file at the site's root: `{ "mockUrl": "http://127.0.0.1:5110" }`. */
export const SITE_CONFIG_FILE = 'config.json';
export const MOCK_PARAMETER = 'mock';

export interface SiteConfig {
  readonly mockUrl: string;
}

/** An absolute http(s) URL without its trailing slashes, or undefined. */
export const httpUrl = (text: string | null | undefined): string | undefined => {
  if (!text) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href.replace(/\/+$/, '') : undefined;
  } catch {
    return undefined;
  }
};

export const mockFromAddress = (search: string): string | undefined => httpUrl(new URLSearchParams(search).get(MOCK_PARAMETER));

/** The mock the settings file names; undefined when there is none or it names no http(s) URL. */
export const mockFromConfig = async (configUrl: string): Promise<string | undefined> => {
  try {
    const response = await fetch(configUrl, { cache: 'no-store' });
    if (!response.ok) return undefined;
    const config = (await response.json()) as Partial<SiteConfig> | null;
    return httpUrl(typeof config?.mockUrl === 'string' ? config.mockUrl : undefined);
  } catch {
    return undefined;
  }
};

/**
 * The mock this page was opened for, and where that came from; `configUrl` is the settings file as seen from the
 * page (one folder up from a sub-folder's page).
 */
export const resolveSiteMock = async (
  search: string,
  configUrl: string,
): Promise<{ readonly mockUrl: string; readonly from: 'address' | 'config' | 'default' }> => {
  const fromAddress = mockFromAddress(search);
  if (fromAddress) return { mockUrl: fromAddress, from: 'address' };
  const fromConfig = await mockFromConfig(configUrl);
  if (fromConfig) return { mockUrl: fromConfig, from: 'config' };
  return { mockUrl: DEFAULT_MOCK_URL, from: 'default' };
};

/** `href` (relative or absolute, with or without a hash) with `?mock=<url>` added before its hash. */
export const withMock = (href: string, mockUrl: string): string => {
  const hashAt = href.indexOf('#');
  const [path, hash] = hashAt < 0 ? [href, ''] : [href.slice(0, hashAt), href.slice(hashAt)];
  const queryAt = path.indexOf('?');
  const params = new URLSearchParams(queryAt < 0 ? '' : path.slice(queryAt + 1));
  params.set(MOCK_PARAMETER, mockUrl);
  // The URL stays readable: `?mock=http://127.0.0.1:5110`, as npm start prints it.
  const query = params.toString().replace(/%3A/gi, ':').replace(/%2F/gi, '/');
  return `${queryAt < 0 ? path : path.slice(0, queryAt)}?${query}${hash}`;
};
