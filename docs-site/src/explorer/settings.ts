// The explorer's settings, kept in this browser: where calls go, the mock session, the merchant's key and the
// theme. The mock the site was opened for (`?mock=<url>`, or the site's docs-site/dist/config.json, which npm start serves) wins
// over the one kept here.
import { DEFAULT_MOCK_URL, httpUrl } from '../site/site-mock';

export { DEFAULT_MOCK_URL };
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

export const isHttpUrl = (text: string): boolean => httpUrl(text) !== undefined;

/** `siteMock`: the mock the page was opened for, when the address or the site's settings file names one. */
export const loadSettings = (siteMock?: string): Settings => {
  let stored: Partial<Settings> = {};
  try {
    stored = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Settings>;
  } catch {
    // Unreadable settings are dropped: the defaults below apply.
  }
  return {
    mockUrl: siteMock ?? httpUrl(stored.mockUrl) ?? DEFAULT_MOCK_URL,
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
