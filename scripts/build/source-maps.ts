// Which source maps the package ships (docs/releasing.md says why). The client's entries and the chunks they share
// keep theirs, with the package's own TypeScript in them: an app's debugger steps from its code into the client,
// the hooks or the auth flows and lands on typed source. The MSW entry ships none: it is a test double of over a
// megabyte of map for readable, unminified code, and so does the testing entry; so does a chunk holding spec-model
// (the client's entries never load it: only those two test entries share it). The documents' modules ship none: a
// map of one string literal helps nobody. No map carries the text of third-party modules (Ajv, fast-uri...), each installable on its own.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FAMILIES } from '../../src/protocol';
import { documentModule } from './document-modules';

/** Built files that ship without a map. */
export const UNMAPPED = ['msw.js', 'testing.js', ...FAMILIES.map((family) => `${documentModule(family)}.js`)];

/** Whether a map's sources are test-entry code: spec-model's (a shared chunk's name is a hash, not known here). */
const mapsSpecModel = (map: SourceMap): boolean => map.sources.some((source) => /(^|\/)spec-model\//.test(source));

interface SourceMap {
  sources: string[];
  sourcesContent?: (string | null)[];
}

/** Removes a built file's map and the comment that points at it. */
const dropMap = (file: string): void => {
  rmSync(`${file}.map`, { force: true });
  writeFileSync(file, readFileSync(file, 'utf8').replace(/\n\/\/# sourceMappingURL=.*\n?$/, '\n'));
};

export const trimSourceMaps = (dist: string): void => {
  for (const name of UNMAPPED) {
    const file = join(dist, name);
    if (!existsSync(file)) throw new Error(`${file} is missing: the build no longer writes it`);
    dropMap(file);
  }
  for (const name of readdirSync(dist).filter((file) => file.endsWith('.js.map'))) {
    const file = join(dist, name);
    const map = JSON.parse(readFileSync(file, 'utf8')) as SourceMap;
    if (mapsSpecModel(map)) {
      dropMap(file.slice(0, -'.map'.length));
      continue;
    }
    if (!map.sourcesContent) continue;
    map.sourcesContent = map.sourcesContent.map((text, index) => (/(^|\/)node_modules\//.test(map.sources[index] ?? '') ? null : text));
    writeFileSync(file, JSON.stringify(map));
  }
};
