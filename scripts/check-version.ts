// npm run check:version (CI): one version everywhere, and no breaking change without its bump. package.json's
// version is the one both documents' info.version repeat (spec/ and generated/); the mock reports it.
// A release is the commit that set the current version: the changes from the previous release to it must be
// covered by the bump between them, and a change after it that breaks callers or readers needs a new version.
// `npm run changes` says which bump a change calls for.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkVersion } from './changes/version-check';

const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..');
const { problems, notes } = checkVersion(root);
for (const note of notes) console.log(note);
for (const problem of problems) console.error(`check:version: ${problem}`);
process.exit(problems.length === 0 ? 0 : 1);
