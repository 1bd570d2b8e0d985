// tsc keeps relative specifiers as written (`./client/create-client`); Node's ESM resolution (TypeScript's
// node16/nodenext) needs the file itself. Each relative specifier of an emitted .d.ts gets `.js` or
// `/index.js` appended, whichever declaration exists, so the types resolve under every moduleResolution.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const SPECIFIER = /(\bfrom\s+|\bimport\s*\(\s*)(['"])(\.{1,2}\/[^'"]*)\2/g;

const fixed = (file: string, specifier: string): string => {
  if (/\.(m?js|json)$/.test(specifier)) return specifier;
  const base = join(dirname(file), specifier);
  if (existsSync(`${base}.d.ts`)) return `${specifier}.js`;
  if (existsSync(join(base, 'index.d.ts'))) return `${specifier}/index.js`;
  throw new Error(`${file}: cannot resolve ${specifier} to a declaration file`);
};

export const fixDeclarationSpecifiers = (dir: string): number => {
  let count = 0;
  for (const name of readdirSync(dir, { recursive: true }).map(String)) {
    if (!name.endsWith('.d.ts')) continue;
    const file = join(dir, name);
    const text = readFileSync(file, 'utf8');
    const next = text.replace(
      SPECIFIER,
      (_, lead: string, quote: string, specifier: string) => `${lead}${quote}${fixed(file, specifier)}${quote}`,
    );
    if (next !== text) {
      writeFileSync(file, next);
      count += 1;
    }
  }
  return count;
};
