import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { defineService } from '../../mock/engine/service-table';
import { currentCartOperations } from '../../mock/services/commerce/current-cart';
import { eventsOf } from '../../mock/services/event-types';
import { SERVICES } from '../../mock/services/index';

// Typed service tables: the compiler refuses a wrong table (service-table-rejections.ts), and at run time the
// table is the service's own object, with no wrapper on the request path.
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const REJECTIONS = join(root, 'tests', 'unit', 'service-table-rejections.ts');
const DIRECTIVE = /\/\/ @ts-expect-error (TS\d+) /;

/** The errors of the rejections file compiled without its directives, as `line TScode`. */
const errorsWithoutDirectives = (): string[] => {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  if (!config) throw new Error('tsconfig.json does not parse');
  // The language's own library only: the cases need no DOM or Node types, and the program is built in half the time.
  const options = { ...config.options, lib: ['lib.es2022.d.ts'], types: [] };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  // The directive becomes a plain comment: line numbers stay, and each case's error shows.
  host.readFile = (file) => (file === REJECTIONS ? readFile(file)?.replaceAll('// @ts-expect-error', '// expect-error') : readFile(file));
  const program = ts.createProgram([REJECTIONS], options, host);
  const file = program.getSourceFile(REJECTIONS);
  return ts
    .getPreEmitDiagnostics(program, file)
    .map(
      (diagnostic) =>
        `${diagnostic.file ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1 : 0} TS${diagnostic.code}`,
    );
};

describe('service tables', () => {
  it('refuses at compile time each wrong table of the rejections file, with the error it names', () => {
    const lines = readFileSync(REJECTIONS, 'utf8').split('\n');
    const expected = lines.flatMap((line, index) => {
      const code = DIRECTIVE.exec(line)?.[1];
      return code ? [`${index + 2} ${code}`] : [];
    });
    expect(expected.length).toBeGreaterThanOrEqual(9);
    expect([...new Set(errorsWithoutDirectives())].sort()).toEqual(expected.sort());
  }, 60_000);

  it('are the services’ own objects: defineService adds no wrapper', () => {
    const table = { deleteCurrentCart: { access: 'shopper' as const, handle: async () => ({ body: {} }) } };
    expect(defineService('commerce', table)).toBe(table);
    // The hot path (add to cart, get cart) calls the very handler the service wrote.
    expect(SERVICES.operations.addToCurrentCart).toBe(currentCartOperations.addToCurrentCart);
    expect(SERVICES.operations.getCurrentCart).toBe(currentCartOperations.getCurrentCart);
  });

  it('name the catalog’s event types by entity and slug', () => {
    const cart = eventsOf('wix.ecom.v1.cart');
    expect(Object.keys(cart).sort()).toEqual(['created', 'deleted', 'updated']);
    expect(cart.updated).toMatchObject({ eventType: 'wix.ecom.v1.cart_updated', entityFqdn: 'wix.ecom.v1.cart', slug: 'updated' });
    expect(eventsOf('wix.ecom.v1.order').payment_status_updated.eventType).toBe('wix.ecom.v1.order_payment_status_updated');
  });
});
