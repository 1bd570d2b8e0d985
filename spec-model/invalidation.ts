// What a write changes and what depends on who calls, for the query caches of the React bindings. A write
// invalidates the reads of its own tag (its service group) unless it lists them itself in `x-invalidates`; a read
// marked `x-identity-scoped: true` answers per caller and is reset when the caller changes (spec/README.md).
import type { Operation } from './document';
import { isReadOnly } from './operation-meta';

const fail = (operation: Operation, message: string): never => {
  throw new Error(`${operation.family} ${operation.operationId}: ${message}`);
};

/**
 * The operationIds of the reads a write changes, sorted: its `x-invalidates` list when it has one (`[]` for a
 * write that changes no read), else every read sharing a tag with it. Undefined for a read. A name that is not a
 * read of the same family is refused with the generator's error.
 */
export const invalidatedReads = (operation: Operation, family: readonly Operation[]): string[] | undefined => {
  const listed = operation['x-invalidates'];
  if (isReadOnly(operation)) {
    if (listed !== undefined) fail(operation, 'x-invalidates belongs on writes; this operation only reads');
    return undefined;
  }
  if (listed === undefined) {
    const tags = new Set(operation.tags);
    return family
      .filter((other) => isReadOnly(other) && other.tags.some((tag) => tags.has(tag)))
      .map((other) => other.operationId)
      .sort();
  }
  if (!Array.isArray(listed)) return fail(operation, 'x-invalidates must be a list of operationIds');
  return listed
    .map((name) => {
      const read = family.find((other) => other.operationId === name);
      if (typeof name !== 'string' || !read)
        return fail(operation, `x-invalidates names ${JSON.stringify(name)}, no operation of the family`);
      if (!isReadOnly(read)) return fail(operation, `x-invalidates names ${name}, which is a write, not a read`);
      return name;
    })
    .sort();
};

/** Whether a read answers per caller (`x-identity-scoped: true`); only reads may say so. */
export const isIdentityScoped = (operation: Operation): boolean => {
  const scoped = operation['x-identity-scoped'];
  if (scoped === undefined) return false;
  if (scoped !== true) return fail(operation, 'x-identity-scoped must be true when present');
  if (!isReadOnly(operation)) return fail(operation, 'x-identity-scoped belongs on reads; this operation writes');
  return true;
};
