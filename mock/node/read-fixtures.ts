// Node side of the fixtures: every `<name>.json` of mock/fixtures/ (and of MOCK_FIXTURES_DIR, whose files win
// over the built-in ones of the same name), parsed; a file that is not a fixture stops start-up naming it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Fixture } from '../engine/fixtures';

export const BUILT_IN_FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

const readFolder = (folder: string): Record<string, Fixture> => {
  const fixtures: Record<string, Fixture> = {};
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const path = join(folder, file);
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new Error(`fixture ${path} is not JSON: ${(error as Error).message}`);
    }
    const fixture = parsed as Partial<Fixture>;
    if (typeof fixture !== 'object' || fixture === null || typeof fixture.settings !== 'object' || typeof fixture.records !== 'object') {
      throw new Error(`fixture ${path} needs "settings" and "records" objects`);
    }
    fixtures[file.slice(0, -'.json'.length)] = fixture as Fixture;
  }
  return fixtures;
};

export const readFixtures = (extraFolder?: string): Record<string, Fixture> => ({
  ...readFolder(BUILT_IN_FIXTURES),
  ...(extraFolder ? readFolder(extraFolder) : {}),
});
