// Writes docs/reachability.md from the reachability table (`npm run reachability`); `--check` only says whether
// the page is current.
import { readFileSync, writeFileSync } from 'node:fs';
import { renderReachabilityPage } from './reachability/render-page';

const page = new URL('../docs/reachability.md', import.meta.url);
const text = renderReachabilityPage();
if (process.argv.includes('--check')) {
  const current = readFileSync(page, 'utf8');
  if (current !== text) {
    console.error('docs/reachability.md is stale: run npm run reachability');
    process.exit(1);
  }
} else {
  writeFileSync(page, text);
  console.log('wrote docs/reachability.md');
}
