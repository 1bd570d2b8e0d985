import { buildSite } from '../../docs-site/build/build-site';
import { siteIsFresh } from '../../docs-site/build/site-freshness';

/** The browser tests load the built site: build docs-site/dist/ once per run when it is missing or stale. */
export default async function setup(): Promise<void> {
  if (!siteIsFresh(new URL('../..', import.meta.url).pathname)) await buildSite();
}
