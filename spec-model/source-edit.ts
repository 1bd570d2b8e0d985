// Edits of hand-written spec source (spec/**/*.yaml) that keep its formatting: a value is replaced in the text
// where it stands, and every other byte of the file stays as it was written.
import { isMap, isScalar, type Node, parseDocument } from 'yaml';
import type { Json } from './json';

export type SourcePath = readonly (string | number)[];

export interface YamlSourceEdit {
  /** The value at `path`, as parsed; undefined when there is none. */
  value(path: SourcePath): Json | undefined;
  /** The keys of the mapping at `path`, in the file's order; empty when there is no mapping there. */
  keys(path: SourcePath): string[];
  /** Replaces the plain value at `path` with `text`, written as given (quote it yourself when it needs quotes). */
  replace(path: SourcePath, text: string): void;
  /** The source with every replacement made. */
  text(): string;
}

/** An editor of one YAML source text; `name` names it in errors. */
export const editYamlSource = (source: string, name: string): YamlSourceEdit => {
  const doc = parseDocument(source);
  const replacements: { node: Node; text: string }[] = [];
  return {
    value(path) {
      const node = doc.getIn(path, true) as { toJSON(): unknown } | undefined;
      return node === undefined ? undefined : (node.toJSON() as Json);
    },
    keys(path) {
      const node = path.length === 0 ? doc.contents : doc.getIn(path, true);
      if (!isMap(node)) return [];
      return node.items.map((pair) => String(isScalar(pair.key) ? pair.key.value : pair.key));
    },
    replace(path, text) {
      const node = doc.getIn(path, true);
      if (!isScalar(node) || !node.range) throw new Error(`${name}: ${path.join('.')} must be a plain value`);
      replacements.push({ node, text });
    },
    text() {
      // Last first, so the offsets of earlier nodes stay right.
      return [...replacements]
        .sort((a, b) => (b.node.range?.[0] ?? 0) - (a.node.range?.[0] ?? 0))
        .reduce((result, { node, text }) => {
          const [start, end] = node.range ?? [0, 0];
          return result.slice(0, start) + text + result.slice(end);
        }, source);
    },
  };
};
