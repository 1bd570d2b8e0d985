import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../spec-model/load';
import { resolvePointer } from '../../spec-model/pointer';

// Request types keep every rule the schema states: a part of an allOf/anyOf/oneOf that only narrows (`required`)
// is typed, so a body without a field it requires does not compile, and the diagnostic names the field.
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CASES_FILE = join(root, 'tests', 'unit', '__narrowing-cases.ts');
const ref = { catalogItemId: 'i1', appId: 'a1' };

/** One known-bad body per operation whose request schema narrows, and the field its type must ask for. */
const CASES: readonly { operation: string; field: string; init: string }[] = [
  { operation: 'addToCurrentCart', field: 'catalogReference', init: `{ body: { lineItems: [{ quantity: 1 }] } }` },
  { operation: 'updateCurrentCart', field: 'catalogReference', init: `{ body: { lineItems: [{ quantity: 1 }] } }` },
  {
    operation: 'createCheckout',
    field: 'catalogReference',
    init: `{ body: { channelType: 'WEB', lineItems: [{ quantity: 1 }] } }`,
  },
  {
    operation: 'addToCheckout',
    field: 'catalogReference',
    init: `{ params: { path: { id: 'c' } }, body: { lineItems: [{ quantity: 1 }] } }`,
  },
  {
    operation: 'updateCheckout',
    field: 'catalogReference',
    init: `{ params: { path: { id: 'c' } }, body: { checkout: {}, lineItems: [{ quantity: 1 }] } }`,
  },
  {
    operation: 'addToCurrentCart',
    field: 'original',
    init: `{ body: { customLineItems: [{ quantity: 1, productName: {}, itemType: { preset: 'PHYSICAL' }, price: '1', descriptionLines: [] }] } }`,
  },
  // Either of two fields (anyOf): the message names the alternatives.
  { operation: 'reportItemsBackInStock', field: 'catalogReference|requestIds', init: `{ body: {} }` },
];

const FIXED = CASES.filter(({ field }) => field === 'catalogReference').map((c) => ({
  ...c,
  init: c.init.replace('{ quantity: 1 }', `{ quantity: 1, catalogReference: ${JSON.stringify(ref)} }`),
}));

// Line 3 on: the bad bodies, then the same bodies with the field (which compile).
const SOURCE =
  `import * as ops from '../../src/commerce';\n` +
  `type InitOf<F> = F extends (client: never, init: infer I) => unknown ? I : F extends (client: never, init?: infer I) => unknown ? I : never;\n` +
  `export type _Init = InitOf<typeof ops.getCurrentCart>;\n` +
  [...CASES, ...FIXED]
    .map(({ operation, init }, index) => `export const case${index}: InitOf<typeof ops.${operation}> = ${init};\n`)
    .join('');
const FIRST_CASE_LINE = 3;

const diagnosticsOf = (text: string): readonly ts.Diagnostic[] => {
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const host = ts.createCompilerHost({ ...options, noEmit: true });
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (name === CASES_FILE ? text : readFile(name));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === CASES_FILE || fileExists(name);
  const program = ts.createProgram([CASES_FILE], { ...options, noEmit: true }, host);
  return ts.getPreEmitDiagnostics(program).filter((d) => d.file?.fileName === CASES_FILE);
};

const lineOf = (diagnostic: ts.Diagnostic): number =>
  diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line : -1;

describe('request types keep the narrowing of allOf/anyOf/oneOf parts', () => {
  it('the generated types hold no `& unknown`', () => {
    for (const family of ['commerce', 'platform'])
      expect(readFileSync(join(root, 'generated', family, 'schema.ts'), 'utf8').match(/& unknown/g) ?? []).toEqual([]);
  });

  it('the bundled document users get keeps the standard narrowing parts (only the types are written out)', () => {
    const items = resolvePointer(loadDocument('commerce'), '#/components/schemas/AddToCurrentCartRequest/properties/lineItems/items');
    expect(items).toEqual({ allOf: [{ $ref: '#/components/schemas/CartLineItem' }, { required: ['catalogReference'] }] });
  });

  it('each known-bad body fails to compile, naming the field it leaves out; with the field it compiles', { timeout: 120_000 }, () => {
    const diagnostics = diagnosticsOf(SOURCE);
    const messagesAt = (index: number) =>
      diagnostics.filter((d) => lineOf(d) === FIRST_CASE_LINE + index).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    CASES.forEach(({ operation, field }, index) => {
      const messages = messagesAt(index);
      expect(messages, `${operation} without ${field}`).not.toEqual([]);
      expect(messages.join('\n'), `${operation} without ${field}`).toMatch(new RegExp(`(^|\\W)(${field})(\\W|$)`));
    });
    FIXED.forEach(({ operation }, index) => expect(messagesAt(CASES.length + index), `${operation} with the field`).toEqual([]));
    expect(diagnostics.filter((d) => lineOf(d) < FIRST_CASE_LINE)).toEqual([]);
  });
});
