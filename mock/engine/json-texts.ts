// JSON text of the records put in a shared store, kept by object: a record is frozen when it is put, so its text
// never changes, and an event or an answer that carries the same record (a cart's updated event and the answer
// of add-to-cart hold the cart just saved) reuses that text rather than serializing the record again.

const texts = new WeakMap<object, string>();

/** The JSON text of a frozen value, serialized once. */
export const frozenText = (value: unknown): string => {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text;
};

/** The text `frozenText` made of this value, if it made one. */
export const knownText = (value: object): string | undefined => texts.get(value);

/** How deep `jsonText` looks for records it knows: an event's payload holds its entity at depth three. */
const DEPTH = 3;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';

const textOf = (value: unknown, depth: number): string | undefined => {
  if (typeof value === 'object' && value !== null) {
    const known = texts.get(value);
    if (known !== undefined) return known;
    if (depth < DEPTH && isPlainObject(value)) {
      const parts: string[] = [];
      for (const key of Object.keys(value)) {
        const part = textOf(value[key], depth + 1);
        if (part !== undefined) parts.push(`${JSON.stringify(key)}:${part}`);
      }
      return `{${parts.join(',')}}`;
    }
  }
  return JSON.stringify(value);
};

/** `JSON.stringify(value)`, with the texts of the records it holds (near its top) taken from `frozenText`. */
export const jsonText = (value: unknown): string => textOf(value, 0) ?? 'null';
