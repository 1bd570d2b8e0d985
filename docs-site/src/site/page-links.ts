// Inlined into the pages built outside Vite (the Redoc reference and the guides): finds the mock the page was
// opened for and carries it on the page's relative links. The reference's module script waits for it before
// Redoc renders, and renders the definition with the mock named (see build/reference-pages.ts).
import { DEFAULT_MOCK_URL, resolveSiteMock, SITE_CONFIG_FILE, withMock } from './site-mock';

type SiteMock = Awaited<ReturnType<typeof resolveSiteMock>>;

declare global {
  interface Window {
    __siteMock: Promise<SiteMock>;
    __siteDefinition: (definition: unknown, mockUrl: string) => unknown;
  }
}

// Markdown links in the definition's descriptions that lead to another page of the site.
const SITE_LINK = /\]\((\.\.\/explorer\/[^)]*|\.\.\/index\.html[^)]*|\.\.\/guides\/[^)]*|\.\/(?:commerce|platform)\.html[^)]*)\)/g;

// The way up to the site's root from this page: one folder unless the page says otherwise (a guide in a sub-folder).
const siteRoot = document.querySelector('meta[name="site-root"]')?.getAttribute('content') ?? '../';
window.__siteMock = resolveSiteMock(location.search, `${siteRoot}${SITE_CONFIG_FILE}`);

window.__siteDefinition = (definition, mockUrl) =>
  JSON.parse(
    JSON.stringify(definition)
      .replaceAll(DEFAULT_MOCK_URL, mockUrl)
      .replace(SITE_LINK, (_, href: string) => `](${withMock(href, mockUrl)})`),
  );

const relink = ({ mockUrl }: SiteMock): void => {
  if (mockUrl === DEFAULT_MOCK_URL) return;
  // Redoc's own markup (#redoc) is rendered from the definition; everything else is plain HTML.
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href^="./"], a[href^="../"]')) {
    if (link.closest('#redoc')) continue;
    link.setAttribute('href', withMock(link.getAttribute('href') ?? '', mockUrl));
  }
  for (const slot of document.querySelectorAll('[data-mock-url]')) slot.textContent = mockUrl;
};

void window.__siteMock.then((mock) => {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => relink(mock));
  else relink(mock);
});
