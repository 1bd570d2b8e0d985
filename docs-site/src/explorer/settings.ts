// The explorer's settings, kept in this browser: where calls go, the mock session, the merchant's key and the
// theme. `?mock=<url>` in the page address names the mock (npm start adds it when the mock is not on 4010).
export const DEFAULT_MOCK_URL = 'http://127.0.0.1:4010';
export const DEFAULT_API_KEY = 'mock-api-key';
// The site id the spec's examples use.
export const DEFAULT_SITE_ID = '3f0a5c2e-8d41-4b7a-9c16-2e5d8f7a1b90';

export type AuthMode = 'shopper' | 'merchant';
export type Theme = 'system' | 'light' | 'dark';

export interface Settings {
  readonly mockUrl: string;
  /** Send to the mock, or to `customUrl`. */
  readonly target: 'mock' | 'custom';
  readonly customUrl: string;
  /** The mock session (`x-mock-session`) every call to the mock is scoped to. */
  readonly session: string;
  readonly authMode: AuthMode;
  readonly apiKey: string;
  readonly siteId: string;
  readonly theme: Theme;
}

const KEY = 'storefront-explorer.settings';

const randomSession = (): string => `explorer-${Math.random().toString(36).slice(2, 8)}`;

const httpUrl = (text: string | null | undefined): string | undefined => {
  if (!text) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href.replace(/\/+$/, '') : undefined;
  } catch {
    return undefined;
  }
};

export const isHttpUrl = (text: string): boolean => httpUrl(text) !== undefined;

export const loadSettings = (): Settings => {
  let stored: Partial<Settings> = {};
  try {
    stored = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Settings>;
  } catch {
    // Unreadable settings are dropped: the defaults below apply.
  }
  const fromAddress = httpUrl(new URLSearchParams(location.search).get('mock'));
  return {
    mockUrl: fromAddress ?? httpUrl(stored.mockUrl) ?? DEFAULT_MOCK_URL,
    target: stored.target === 'custom' ? 'custom' : 'mock',
    customUrl: typeof stored.customUrl === 'string' ? stored.customUrl : '',
    session: typeof stored.session === 'string' && stored.session ? stored.session : randomSession(),
    authMode: stored.authMode === 'merchant' ? 'merchant' : 'shopper',
    apiKey: typeof stored.apiKey === 'string' && stored.apiKey ? stored.apiKey : DEFAULT_API_KEY,
    siteId: typeof stored.siteId === 'string' ? stored.siteId : DEFAULT_SITE_ID,
    theme: stored.theme === 'light' || stored.theme === 'dark' ? stored.theme : 'system',
  };
};

export const saveSettings = (settings: Settings): void => {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Private mode or full storage: the settings last for this page only.
  }
};

/** Where calls go: the mock, or the custom base URL when it is a valid http(s) URL. */
export const baseUrlOf = (settings: Settings): string =>
  settings.target === 'custom' ? (httpUrl(settings.customUrl) ?? settings.mockUrl) : settings.mockUrl;
