// Values kept from answers (a checkout's id, an order number) to use in later calls as `{{name}}` in parameters,
// headers or the body: the step from one call to the next of a QA flow. Kept in this browser, observable.
export type VariableValue = string | number | boolean | null;
export type Variables = Readonly<Record<string, VariableValue>>;

const KEY = 'storefront-explorer.variables';
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

const read = (): Variables => {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Variables) : {};
  } catch {
    return {};
  }
};

let current: Variables | undefined;
const listeners = new Set<() => void>();

const write = (next: Variables): void => {
  current = next;
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Private mode or full storage: the values last for this page only.
  }
  for (const listener of listeners) listener();
};

export const variables = {
  get: (): Variables => {
    current ??= read();
    return current;
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set: (name: string, value: VariableValue): void => {
    if (!VARIABLE_NAME.test(name)) throw new Error(`"${name}" is not a variable name: letters, digits and _, not starting with a digit`);
    write({ ...variables.get(), [name]: value });
  },
  remove: (name: string): void => {
    const { [name]: _removed, ...rest } = variables.get();
    write(rest);
  },
};

export interface Substituted {
  readonly text: string;
  /** Names used but not kept. */
  readonly unknown: readonly string[];
}

/**
 * `{{name}}` replaced by its value. In JSON (`json: true`) a string value is written escaped, so `"{{id}}"` stays a
 * valid string and `{{count}}` outside quotes becomes the number itself.
 */
export const substitute = (text: string, values: Variables, json = false): Substituted => {
  const unknown = new Set<string>();
  const replaced = text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!(name in values)) {
      unknown.add(name);
      return whole;
    }
    const value = values[name];
    if (!json) return String(value);
    return typeof value === 'string' ? JSON.stringify(value).slice(1, -1) : String(value);
  });
  return { text: replaced, unknown: [...unknown] };
};

export interface Leaf {
  /** `checkout.lineItems[0].id` */
  readonly path: string;
  readonly value: VariableValue;
}

/** Every scalar of an answer with its path, in document order (at most `limit`). */
export const leaves = (value: unknown, limit = 300): Leaf[] => {
  const found: Leaf[] = [];
  const walk = (node: unknown, path: string) => {
    if (found.length >= limit) return;
    if (node === null || typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean') {
      if (path) found.push({ path, value: node });
    } else if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${path}[${index}]`));
    else if (typeof node === 'object') for (const [key, item] of Object.entries(node)) walk(item, path ? `${path}.${key}` : key);
  };
  walk(value, '');
  return found;
};

/** A name for the value at `path`: `checkout.id` -> `checkoutId`, `orders[0].number` -> `ordersNumber`. */
export const suggestedName = (path: string): string => {
  const words = path
    .split(/[.[\]]+/)
    .filter((word) => word !== '' && !/^\d+$/.test(word))
    .slice(-2);
  const name = words.map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
  const cleaned = name.replace(/[^A-Za-z0-9_]/g, '_');
  return VARIABLE_NAME.test(cleaned) ? cleaned : `value_${cleaned}`.slice(0, 64);
};
