// The request target as sent (`/path?query`, or an absolute URL from a proxy-style client), split without
// `new URL` relative parsing: `//` is a path here, not a host.

export interface RequestTarget {
  readonly path: string;
  readonly search: URLSearchParams;
}

export const splitTarget = (target: string): RequestTarget | undefined => {
  let pathAndQuery = target;
  if (!target.startsWith('/')) {
    try {
      const url = new URL(target);
      pathAndQuery = `${url.pathname}${url.search}`;
    } catch {
      return undefined;
    }
  }
  const mark = pathAndQuery.indexOf('?');
  const path = mark === -1 ? pathAndQuery : pathAndQuery.slice(0, mark);
  // URLSearchParams leaves a malformed escape as it is instead of throwing.
  return { path, search: new URLSearchParams(mark === -1 ? '' : pathAndQuery.slice(mark + 1)) };
};

export type DecodedParams = { readonly ok: true; readonly params: Record<string, string> } | { readonly ok: false; readonly names: string[] };

/** Percent-decodes path parameters; a malformed escape or invalid UTF-8 (`%ff`, `%ED%A0%80`) names the parameter. */
export const decodePathParams = (raw: Readonly<Record<string, string>>): DecodedParams => {
  const params: Record<string, string> = {};
  const names: string[] = [];
  for (const [name, value] of Object.entries(raw)) {
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      names.push(name);
    }
  }
  return names.length > 0 ? { ok: false, names } : { ok: true, params };
};
