// Other spellings of an operation's path that the platform's own client sends (`x-path-aliases`): the seed's
// path stays the documented one, and the mock serves each alias as the same operation. An alias may differ only
// in spelling (letter case), so its parameters are the documented path's, and each says why with `x-deviation`.
import type { Operation } from './document';
import { asJsonObject } from './json';

const fail = (operation: Operation, message: string): never => {
  throw new Error(`${operation.operationId}: x-path-aliases ${message}`);
};

const parametersOf = (path: string): string[] => path.match(/\{[^}]*\}/g) ?? [];

/** The alias paths an operation declares, checked; none when it declares no `x-path-aliases`. */
export const pathAliases = (operation: Operation): string[] => {
  const listed = operation['x-path-aliases'];
  if (listed === undefined) return [];
  if (!Array.isArray(listed)) return fail(operation, 'must be a list of { path, x-deviation }');
  return listed.map((entry) => {
    const alias = asJsonObject(entry);
    const path = alias?.path;
    if (typeof path !== 'string') return fail(operation, 'entries need a path');
    if (typeof alias?.['x-deviation'] !== 'string' || !alias['x-deviation'].trim()) {
      return fail(operation, `${path} needs an x-deviation saying why the platform spells the path so`);
    }
    if (path === operation.path || path.toLowerCase() !== operation.path.toLowerCase()) {
      return fail(operation, `${path} must differ from ${operation.path} only in letter case`);
    }
    if (parametersOf(path).join() !== parametersOf(operation.path).join()) {
      return fail(operation, `${path} must name the parameters of ${operation.path} as it does`);
    }
    return path;
  });
};
