// npm run size (run after build): the smallest real app built against dist/ and the React hooks layer must stay
// within their gzip budgets, and the package tarball (with the storefront-mock command's documents and fixtures)
// within its own.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS, HOOKS_LAYER_BUDGET_GZIP, measureApp, measureHooksLayer, SMALLEST_APP_BUDGET_GZIP } from './bench/app-size';
import { TARBALL_BUDGET_BYTES, tarballSize } from './build/tarball-size';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [name, source] = Object.entries(APPS)[0] ?? ['', ''];
const { entry } = await measureApp(root, source);
const appWithin = entry.gzipped <= SMALLEST_APP_BUDGET_GZIP;
console.log(
  `${name}: ${entry.gzipped} B gzip (${entry.minified} B min), ${appWithin ? 'within' : 'OVER'} the budget of ${SMALLEST_APP_BUDGET_GZIP} B`,
);
const hooks = await measureHooksLayer(root);
const hooksWithin = hooks.layer <= HOOKS_LAYER_BUDGET_GZIP;
console.log(
  `hooks layer of the two-hook app: ${hooks.layer} B gzip (${hooks.perExtraHook} B per extra hook), ${hooksWithin ? 'within' : 'OVER'} the budget of ${HOOKS_LAYER_BUDGET_GZIP} B`,
);
const tarball = tarballSize(root);
const tarballWithin = tarball.packed <= TARBALL_BUDGET_BYTES;
console.log(
  `package tarball: ${tarball.packed} B (${tarball.unpacked} B unpacked, ${tarball.files} files), ${tarballWithin ? 'within' : 'OVER'} the budget of ${TARBALL_BUDGET_BYTES} B`,
);
process.exit(appWithin && hooksWithin && tarballWithin ? 0 : 1);
