// JSON text from a client, read safely: a nesting deeper than the limit is refused before parsing, so no later
// stage (validation, Prism) can run out of stack on it.

/** Deepest nesting of objects and arrays accepted in a body or an encoded parameter. */
export const MAX_JSON_DEPTH = 64;

export type JsonParse = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly reason: string };

/** The deepest nesting of `text`, counted without parsing (brackets inside strings do not count). */
const nestingDepth = (text: string): number => {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 92 /* \ */) i += 1;
      else if (char === 34 /* " */) inString = false;
    } else if (char === 34) inString = true;
    else if (char === 123 /* { */ || char === 91 /* [ */) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (char === 125 /* } */ || char === 93 /* ] */) depth -= 1;
  }
  return deepest;
};

export const parseJsonText = (text: string, maxDepth = MAX_JSON_DEPTH): JsonParse => {
  if (nestingDepth(text) > maxDepth) return { ok: false, reason: `nests deeper than ${maxDepth} levels` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, reason: `is not valid JSON (${(error as Error).message})` };
  }
};
