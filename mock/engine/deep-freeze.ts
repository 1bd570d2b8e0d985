// Records the stores hand out are deep-frozen: no handler can change state by mutating what it read, and a
// check can trust that a record it proved once stays as it was.

/**
 * Freezes a JSON value and everything in it. Parts already frozen (taken from a record read earlier) are
 * skipped, so an update of a large record costs only its new parts.
 */
export const deepFreeze = <T>(value: T): T => {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  if (Array.isArray(value)) {
    for (const item of value) deepFreeze(item);
  } else {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const item = record[key];
      // Strings and numbers are most of a record's values: no call for them.
      if (typeof item === 'object' && item !== null) deepFreeze(item);
    }
  }
  return Object.freeze(value);
};
