// npm run check:generated: regenerates into a scratch copy of the inputs and fails if generated/ differs.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const INPUTS = ['spec', 'spec-model', 'scripts', 'src', 'redocly.yaml', 'package.json', 'tsconfig.json'];

const listFiles = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true })
        .map((name) => join(dir, String(name)))
        .filter((file) => statSync(file).isFile())
        .map((file) => relative(dir, file))
        .sort()
    : [];

const scratch = mkdtempSync(join(tmpdir(), 'check-generated-'));
try {
  for (const input of INPUTS) cpSync(join(root, input), join(scratch, input), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'), 'dir');
  execFileSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/generate.ts'], {
    cwd: scratch,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const committed = join(root, 'generated');
  const fresh = join(scratch, 'generated');
  const names = new Set([...listFiles(committed), ...listFiles(fresh)]);
  const stale = [...names].filter((name) => {
    const a = join(committed, name);
    const b = join(fresh, name);
    return !existsSync(a) || !existsSync(b) || !readFileSync(a).equals(readFileSync(b));
  });
  if (stale.length > 0) {
    console.error(`generated/ is stale (${stale.length} files differ from spec/); run npm run generate and commit:`);
    for (const name of stale.slice(0, 20)) console.error(`  generated/${name}`);
    process.exit(1);
  }
  console.log(`generated/ is fresh (${names.size} files)`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
