// npm run drift: compares the spec with the platform's published wire types (a maintainer's tool, not a test).
// Usage: npm run drift -- [--sdk-dir DIR] [--verbose] [--family commerce|platform] [--json FILE]
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { BundledDocument, Family } from '../spec-model/document';
import { asJsonObject } from '../spec-model/json';
import { pathAliases } from '../spec-model/path-aliases';
import { FAMILIES } from '../src/protocol';
import { compareShapes } from './drift/compare';
import type { Difference, DifferenceKind } from './drift/difference';
import { installPlatformPackages } from './drift/install';
import { createMatcher } from './drift/match';
import { listPlatformMethods, type PlatformMethod, pathShape } from './drift/platform-methods';
import { type FamilyFindings, type OperationFindings, printReport } from './drift/report';
import { readRequiredFields } from './drift/required-fields';
import { readBundledSpec, type SpecOperation } from './drift/spec-reader';
import { createSpecShapes } from './drift/spec-schema';
import { readWireTypes, type WireMethod } from './drift/wire-types';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    'sdk-dir': { type: 'string' },
    verbose: { type: 'boolean', default: false },
    family: { type: 'string' },
    json: { type: 'string' },
  },
});

type OperationResult = SpecOperation & OperationFindings;
interface CheckedFamily {
  readonly name: Family;
  readonly doc: BundledDocument;
  readonly operations: OperationResult[];
  readonly matched: number;
}

const { dir, installed } = installPlatformPackages(args['sdk-dir']);
try {
  const methods = listPlatformMethods(dir);
  const match = createMatcher(methods);
  const wireCache = new Map<string, { types: Map<string, WireMethod>; required: Map<string, Set<string>> }>();
  const wireOf = (method: PlatformMethod) => {
    let wire = wireCache.get(method.cjs);
    if (!wire) {
      wire = { types: readWireTypes(method.metaTypes), required: readRequiredFields(method.cjs) };
      wireCache.set(method.cjs, wire);
    }
    return wire;
  };

  const checked: CheckedFamily[] = [];
  const matchedMethods = new Set<PlatformMethod>();
  for (const name of FAMILIES.filter((f) => !args.family || f === args.family)) {
    const { doc, operations } = readBundledSpec(root, name);
    const specs = createSpecShapes(doc);
    const byId = new Map(operations.map((op) => [op.operationId, op]));
    const results = operations.map((op): OperationResult => {
      const differences: Difference[] = [];
      const diff = (kind: DifferenceKind, detail: string): void => {
        const deviations = op.operation['x-deviation'] ? [op.operation['x-deviation']] : [];
        differences.push({ side: 'operation', field: '(operation)', kind, detail, documented: deviations.length > 0 });
      };
      const hit = match(op.method, op.path);
      if (!hit) {
        diff('no-platform-method', 'no method of the installed packages serves this HTTP method and path');
        return { ...op, differences };
      }
      const { method } = hit;
      matchedMethods.add(method);
      if (hit.via === 'case-insensitive path' && !pathAliases(op.operation).includes(method.path)) {
        diff('path', `platform path is ${method.path}, and no x-path-aliases entry declares it`);
      }
      if (op.method === 'GET' && hit.via !== 'fallback') {
        const rParam = op.parameters.find((p) => p.name === '.r');
        if (method.complex && !rParam)
          diff('encoding', "the platform's SDK sends this request as `.r` when it is nested; the spec declares no `.r`");
        if (!method.complex && rParam) diff('encoding', 'the spec declares `.r`; the platform SDK always sends flat parameters here');
        const twinId = op.operation['x-fallback']?.operationId;
        const twin = twinId ? byId.get(twinId) : undefined;
        const platformTwin = method.fallback?.method === 'POST' ? method.fallback.path : undefined;
        if (platformTwin && (!twin || pathShape(twin.path) !== pathShape(platformTwin)))
          diff('encoding', `platform POST twin ${platformTwin} is not the spec's x-fallback`);
        if (!platformTwin && twin) diff('encoding', `spec x-fallback ${twin.operationId} has no platform POST twin`);
      }
      const wire = wireOf(method);
      const types = wire.types.get(method.name);
      if (!types) {
        diff('no-platform-method', `no wire types for ${method.name} in ${method.pkg}`);
        return { ...op, differences, platform: `${method.pkg}.${method.name}` };
      }
      differences.push(
        ...compareShapes({
          specs,
          spec: specs.request(op),
          wire: types.request,
          side: 'request',
          required: wire.required.get(method.name),
        }),
      );
      if (op.response) differences.push(...compareShapes({ specs, spec: specs.response(op), wire: types.response, side: 'response' }));
      // A schema written inline in the operation has the operation as its place: its x-deviation documents it.
      for (const d of differences) if (!d.documented && !d.container && !d.node && op.operation['x-deviation']) d.documented = true;
      return { ...op, differences, platform: `${method.pkg}.${method.name}` };
    });
    checked.push({ name, doc, operations: results, matched: results.filter((r) => r.platform).length });
  }

  // Calls of the covered services (packages with at least one matched operation) that no spec operation declares.
  const covered = new Set([...matchedMethods].map((m) => m.pkg));
  const families = checked.map(({ name, doc, operations, matched }): FamilyFindings => {
    const own = new Set(operations.flatMap((op) => (op.platform ? [op.platform.split('.')[0]] : [])));
    const calls = asJsonObject(doc['x-undeclared-calls'])?.calls;
    const listed = new Set((Array.isArray(calls) ? calls : []).map(String));
    const undeclared = methods
      .filter((m) => covered.has(m.pkg) && own.has(m.pkg) && !matchedMethods.has(m))
      .map((m) => ({ ...m, documented: listed.has(`${m.method} ${m.path}`) }));
    return { name, operations, matched, undeclared };
  });

  printReport(families, { verbose: args.verbose });
  if (args.json) {
    const plain = families.map((f) => ({
      family: f.name,
      operations: f.operations.map((op) => ({ operationId: op.operationId, platform: op.platform, differences: op.differences })),
      undeclared: f.undeclared.map(({ method, path, pkg, name, documented }) => ({ method, path, pkg, name, documented })),
    }));
    writeFileSync(args.json, JSON.stringify(plain, null, 2));
  }
  const undocumented = families.reduce(
    (n, f) =>
      n +
      f.operations.flatMap((op) => op.differences).filter((d) => !d.documented).length +
      f.undeclared.filter((c) => !c.documented).length,
    0,
  );
  process.exitCode = undocumented > 0 ? 1 : 0;
} finally {
  if (installed && !args['sdk-dir']) rmSync(dir, { recursive: true, force: true });
}
