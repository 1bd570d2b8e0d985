// Form text <-> an operation function's init (`{ params: { path, query }, body, headers }`), with the spec's
// named examples as the starting point. Values are typed by each parameter's schema.
import { jsonContent, type Operation, type Parameter } from '../../../../spec-model/document';
import { exampleRequest } from '../../../../spec-model/examples';
import type { Json, JsonObject } from '../../../../spec-model/json';
import { decodeEnvelope, ENVELOPE_PARAMETER } from '../../../../src/protocol';
import { preferHeader, type RequestForm } from '../request-form';
import { substitute, type Variables } from '../variables';

export interface CallInit {
  readonly params?: { readonly path?: Record<string, string>; readonly query?: Record<string, unknown> };
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

const asText = (value: Json | undefined): string =>
  value === undefined || value === null
    ? ''
    : typeof value === 'string'
      ? value
      : Array.isArray(value)
        ? value.map(asText).join(',')
        : JSON.stringify(value);

const pretty = (value: unknown): string | undefined => (value === undefined ? undefined : JSON.stringify(value, null, 2));

export const isEnvelope = (operation: Operation): boolean => operation.parameters.some((p) => p.name === ENVELOPE_PARAMETER);

export const takesBody = (operation: Operation): boolean => jsonContent(operation.requestBody) !== undefined;

/** The form filled from the named example `name` (each part falls back to its first example). */
export const formFromExample = (operation: Operation, name: string | undefined): RequestForm => {
  const example = exampleRequest(operation, name);
  const query: Record<string, string> = {};
  let message: string | undefined;
  for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
    const value = example.query[parameter.name];
    if (parameter.name === ENVELOPE_PARAMETER) {
      message = typeof value === 'string' ? pretty(decodeEnvelope(value)) : '';
    } else {
      query[parameter.name] = asText(value);
    }
  }
  const path: Record<string, string> = {};
  for (const parameter of operation.parameters.filter((p) => p.in === 'path')) path[parameter.name] = example.path[parameter.name] ?? '';
  return {
    example: name,
    path,
    query,
    message: isEnvelope(operation) ? (message ?? '') : undefined,
    body: takesBody(operation) ? (pretty(example.body) ?? '') : undefined,
    headers: [],
    preferCode: '',
    preferExample: '',
  };
};

const typed = (schema: JsonObject | undefined, text: string): unknown => {
  const type = schema?.type;
  if (type === 'array') {
    const items = schema?.items as JsonObject | undefined;
    return text.trim().startsWith('[') ? (JSON.parse(text) as unknown) : text.split(',').map((part) => typed(items, part.trim()));
  }
  if ((type === 'integer' || type === 'number') && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
};

/** Where JSON text fails to parse, in words a person can act on; undefined when it parses. */
export const jsonProblem = (text: string): string | undefined => {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
};

export interface BuiltInit {
  readonly init: CallInit | undefined;
  /** The body text to send as it is, when it is not JSON (the init then holds a placeholder body). */
  readonly rawBody: string | undefined;
  /** Why the form cannot become a call (unreadable JSON, unknown variables, bad header names), by part. */
  readonly problems: readonly string[];
}

// RFC 9110 token characters: what a header name may hold.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The form as it will be sent: every `{{name}}` replaced by its kept value (unknown names are problems). */
const withVariables = (form: RequestForm, values: Variables, problems: string[]): RequestForm => {
  const text = (part: string, value: string, json = false) => {
    const { text: replaced, unknown } = substitute(value, values, json);
    for (const name of unknown) problems.push(`${part}: no variable {{${name}}} (keep one from an answer first)`);
    return replaced;
  };
  const record = (part: string, entries: Readonly<Record<string, string>>) =>
    Object.fromEntries(Object.entries(entries).map(([name, value]) => [name, text(`${part} parameter ${name}`, value)]));
  return {
    ...form,
    path: record('path', form.path),
    query: record('query', form.query),
    message: form.message === undefined ? undefined : text('query message', form.message, true),
    body: form.body === undefined ? undefined : text('body', form.body, true),
    headers: (form.headers ?? []).map(({ name, value }) => ({ name, value: text(`header ${name}`, value) })),
  };
};

export const buildInit = (operation: Operation, asTyped: RequestForm, values: Variables = {}): BuiltInit => {
  const problems: string[] = [];
  const form = withVariables(asTyped, values, problems);
  const query: Record<string, unknown> = {};
  const byName = new Map<string, Parameter>(operation.parameters.map((p) => [`${p.in}:${p.name}`, p]));
  for (const [name, text] of Object.entries(form.query)) {
    if (text.trim() === '') continue;
    try {
      query[name] = typed(byName.get(`query:${name}`)?.schema, text);
    } catch (error) {
      problems.push(`query parameter ${name}: ${(error as Error).message}`);
    }
  }
  if (form.message !== undefined && form.message.trim() !== '') {
    const problem = jsonProblem(form.message);
    if (problem) problems.push(`query message (${ENVELOPE_PARAMETER}): ${problem}`);
    else Object.assign(query, JSON.parse(form.message) as object);
  }
  const path = Object.fromEntries(Object.entries(form.path).filter(([, value]) => value !== ''));
  let body: unknown;
  let rawBody: string | undefined;
  if (form.body !== undefined && form.body.trim() !== '') {
    // Text that is not JSON goes as typed: how the API answers a malformed body is worth trying too.
    if (jsonProblem(form.body)) {
      rawBody = form.body;
      body = {};
    } else body = JSON.parse(form.body);
  }
  const headers: Record<string, string> = {};
  for (const { name, value } of form.headers ?? []) {
    if (name.trim() === '' && value.trim() === '') continue;
    if (!HEADER_NAME.test(name.trim())) problems.push(`header "${name}": not a valid header name (letters, digits and !#$%&'*+.^_\`|~-)`);
    else headers[name.trim()] = value;
  }
  const prefer = preferHeader(form);
  if (prefer) headers.Prefer = prefer;
  const params = {
    ...(Object.keys(path).length > 0 && { path }),
    ...(Object.keys(query).length > 0 && { query }),
  };
  const init: CallInit = {
    ...(Object.keys(params).length > 0 && { params }),
    ...(body !== undefined && { body }),
    ...(Object.keys(headers).length > 0 && { headers }),
  };
  return { init: problems.length > 0 ? undefined : init, rawBody: problems.length > 0 ? undefined : rawBody, problems };
};
