// The home page names the mock it was served with and carries it on every link to the reference, the guides and
// the explorer, so each of them calls that mock whatever port it is on.
import { resolveSiteMock, SITE_CONFIG_FILE, withMock } from '../site/site-mock';

const { mockUrl } = await resolveSiteMock(location.search, `./${SITE_CONFIG_FILE}`);
for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href^="./"]')) {
  link.setAttribute('href', withMock(link.getAttribute('href') ?? './', mockUrl));
}
for (const slot of document.querySelectorAll('[data-mock-url]')) slot.textContent = mockUrl;
document.documentElement.dataset.mockUrl = mockUrl;
