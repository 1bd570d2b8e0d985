// Both families' bundled documents at two points of the repository's history (a git ref, or the working tree),
// compared place by place and classified.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asJsonObject, type JsonObject } from '../../spec-model/json';
import { parseYaml } from '../../spec-model/load';
import { FAMILIES } from '../../src/protocol';
import { type Change, classifyChanges } from './classify';
import { type Place, placesOf } from './facts';

/** A commit (or anything git names one by), or the working tree. */
export type Point = { readonly ref: string } | 'worktree';

export const pointName = (point: Point): string =>
  point === 'worktree' ? 'the working tree' : /^[0-9a-f]{40}$/.test(point.ref) ? point.ref.slice(0, 12) : point.ref;

/** A file of the repository at that point; undefined where it does not exist. */
export const fileAt = (root: string, point: Point, path: string): string | undefined => {
  try {
    if (point === 'worktree') return readFileSync(join(root, path), 'utf8');
    return execFileSync('git', ['show', `${point.ref}:${path}`], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return undefined;
  }
};

interface Parsed {
  readonly document: JsonObject;
  places(): Map<string, Place>;
}

// The version check compares the same documents more than once (the release's with the one before and with the
// working tree): each text is parsed and walked once per run.
const seen = new Map<string, Parsed>();
const parsed = (text: string): Parsed => {
  const key = createHash('sha256').update(text).digest('hex');
  let entry = seen.get(key);
  if (!entry) {
    const document = asJsonObject(parseYaml(text)) ?? {};
    let places: Map<string, Place> | undefined;
    entry = { document, places: () => (places ??= placesOf(document)) };
    if (seen.size >= 6) seen.delete(seen.keys().next().value as string);
    seen.set(key, entry);
  }
  return entry;
};

export interface Comparison {
  readonly changes: Change[];
  /** Families with no bundled document at the base (nothing to compare them with). */
  readonly missing: string[];
}

export const compareDocuments = (root: string, base: Point, head: Point): Comparison => {
  const changes: Change[] = [];
  const missing: string[] = [];
  for (const family of FAMILIES) {
    const path = `generated/${family}/openapi.yaml`;
    const before = fileAt(root, base, path);
    const after = fileAt(root, head, path);
    if (before === undefined || after === undefined) {
      missing.push(family);
      continue;
    }
    if (before === after) continue;
    const was = parsed(before);
    const now = parsed(after);
    // A release alone changes info.version: nothing to walk.
    if (JSON.stringify({ ...was.document, info: null }) === JSON.stringify({ ...now.document, info: null })) continue;
    changes.push(...classifyChanges(family, was.places(), now.places()));
  }
  return { changes, missing };
};
