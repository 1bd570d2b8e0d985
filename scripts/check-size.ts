// npm run size: the smallest real app built against dist/ must stay within its gzip budget (run after build).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS, measureApp, SMALLEST_APP_BUDGET_GZIP } from './bench/app-size';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [name, source] = Object.entries(APPS)[0] ?? ['', ''];
const { entry } = await measureApp(root, source);
const verdict = entry.gzipped <= SMALLEST_APP_BUDGET_GZIP ? 'within' : 'OVER';
console.log(`${name}: ${entry.gzipped} B gzip (${entry.minified} B min), ${verdict} the budget of ${SMALLEST_APP_BUDGET_GZIP} B`);
process.exit(entry.gzipped <= SMALLEST_APP_BUDGET_GZIP ? 0 : 1);
