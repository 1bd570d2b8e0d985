// orval 7.13.2 (the last release that runs on Node 20) and what its output needs, installed into one folder under
// /tmp, never into the repo; kept between runs (the install is the slow part). The comparisons share it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const ORVAL_WORK = join('/tmp', 'storefront-api-orval-compare');
const ORVAL = 'orval@7.13.2';

/** Installs orval and `packages` into ORVAL_WORK unless each is there already; answers the folder. */
export const installOrval = (packages: readonly string[]): string => {
  const missing = [ORVAL, ...packages].filter((spec) => !existsSync(join(ORVAL_WORK, 'node_modules', spec.replace(/(?<=.)@[^@]*$/, ''))));
  if (missing.length > 0) {
    mkdirSync(ORVAL_WORK, { recursive: true });
    if (!existsSync(join(ORVAL_WORK, 'package.json')))
      writeFileSync(join(ORVAL_WORK, 'package.json'), '{"name":"orval-compare","private":true,"type":"module"}');
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...missing], { cwd: ORVAL_WORK, stdio: 'inherit' });
  }
  return ORVAL_WORK;
};
