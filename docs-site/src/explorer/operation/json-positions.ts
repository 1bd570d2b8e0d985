// Where a field named in a violation (`lineItems[0].quantity`) is in JSON text, found on the JSON syntax tree, so
// the editor can mark it. A field that is missing (a required one) marks the nearest enclosing value that exists.
import { ensureSyntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import type { SyntaxNode } from '@lezer/common';

const VALUES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);

/** `lineItems[0].quantity` -> ['lineItems', 0, 'quantity']; the root's own name (`body`) is no segment. */
export const fieldSegments = (field: string, root: string): (string | number)[] => {
  const segments: (string | number)[] = [];
  for (const match of field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (match[2] !== undefined) segments.push(Number(match[2]));
    else if (match[1] !== undefined) segments.push(match[1]);
  }
  return segments[0] === root ? segments.slice(1) : segments;
};

const values = (node: SyntaxNode): SyntaxNode[] => {
  const found: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) if (VALUES.has(child.name)) found.push(child);
  return found;
};

const propertyNamed = (state: EditorState, object: SyntaxNode, name: string): SyntaxNode | undefined => {
  for (let property = object.firstChild; property; property = property.nextSibling) {
    if (property.name !== 'Property') continue;
    const key = property.getChild('PropertyName');
    if (!key) continue;
    try {
      if (JSON.parse(state.sliceDoc(key.from, key.to)) === name) return property;
    } catch {
      // An unreadable key names nothing.
    }
  }
  return undefined;
};

/** The range to mark for `field`, or undefined when the text has no JSON value at all. */
export const fieldRange = (state: EditorState, field: string, root: string): { from: number; to: number } | undefined => {
  const tree = ensureSyntaxTree(state, state.doc.length, 200);
  let node = tree ? values(tree.topNode)[0] : undefined;
  if (!node) return undefined;
  let mark = { from: node.from, to: Math.min(node.to, node.from + 1) };
  for (const segment of fieldSegments(field, root)) {
    let next: SyntaxNode | undefined;
    let nameNode: SyntaxNode | null = null;
    if (typeof segment === 'number' && node.name === 'Array') next = values(node)[segment];
    else if (node.name === 'Object') {
      const property = propertyNamed(state, node, String(segment));
      nameNode = property?.getChild('PropertyName') ?? null;
      next = property ? values(property)[0] : undefined;
    }
    if (!next) break;
    node = next;
    const scalar = next.name !== 'Object' && next.name !== 'Array';
    mark = nameNode
      ? { from: nameNode.from, to: scalar ? next.to : nameNode.to }
      : { from: next.from, to: scalar ? next.to : next.from + 1 };
  }
  return mark;
};
