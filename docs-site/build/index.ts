// The docs site as other programs use it (npm start, the screenshots, the bench, the tests' global setup): build
// docs-site/dist/, tell whether it was built from the files as they are now, serve it, and the fingerprint of a
// file tree that freshness is made of. Nothing outside docs-site imports any other file of it.
import { fileURLToPath } from 'node:url';

export { type StaticSite, serveStatic } from '../server/static-server';
export { DEFAULT_MOCK_URL, SITE_CONFIG_FILE, withMock } from '../src/site/site-mock';
export { inputsHash } from './inputs-hash';
export { siteIsFresh } from './site-freshness';

/** Where `buildSite` writes the site (absolute path). */
export const SITE_DIR = fileURLToPath(new URL('../dist', import.meta.url));

/** Builds docs-site/dist/. Vite and Redocly load only when a build runs, so importing this entry stays cheap. */
export const buildSite = async (): Promise<void> => (await import('./build-site')).buildSite();
