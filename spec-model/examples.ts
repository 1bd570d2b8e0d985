import { jsonContent, type MediaType, type Operation, type Parameter } from './document';
import type { Json } from './json';

export interface ExampleRequest {
  readonly path: Record<string, string>;
  readonly query: Record<string, Json>;
  readonly body: Json | undefined;
}

const exampleOf = (parameter: Parameter, name?: string): Json | undefined =>
  (name === undefined ? undefined : parameter.examples?.[name]?.value) ??
  parameter.example ??
  Object.values(parameter.examples ?? {})[0]?.value ??
  (parameter.schema?.example as Json | undefined) ??
  (parameter.schema?.default as Json | undefined);

/** The example called `name` when the media type has one, else its first. */
export const firstExample = (media: MediaType | undefined, name?: string): Json | undefined =>
  (name === undefined ? undefined : media?.examples?.[name]?.value) ?? media?.example ?? Object.values(media?.examples ?? {})[0]?.value;

/**
 * The request an operation's examples describe: path and query parameters and the body, each from the named
 * example `name` where it has one, else from its first example.
 */
export const exampleRequest = (operation: Operation, name?: string): ExampleRequest => {
  const path: Record<string, string> = {};
  const query: Record<string, Json> = {};
  for (const parameter of operation.parameters) {
    const value = exampleOf(parameter, name);
    if (value === undefined) {
      if (parameter.required) throw new Error(`${operation.operationId}: required parameter ${parameter.name} has no example`);
      continue;
    }
    if (parameter.in === 'path') path[parameter.name] = String(value);
    if (parameter.in === 'query') query[parameter.name] = value;
  }
  return { path, query, body: firstExample(jsonContent(operation.requestBody), name) };
};

/** Names of the request's named examples (the body's, then the parameters'), each once, in the spec's order. */
export const requestExampleNames = (operation: Operation): string[] => [
  ...new Set([
    ...Object.keys(jsonContent(operation.requestBody)?.examples ?? {}),
    ...operation.parameters.flatMap((parameter) => Object.keys(parameter.examples ?? {})),
  ]),
];

/**
 * Names of the examples an operation's answer for `status` (declared exactly) has: its JSON content's named
 * examples, or `example` for a lone unnamed one; none when the status declares no JSON body.
 */
export const responseExampleNames = (operation: Operation, status: number): string[] => {
  const media = jsonContent(operation.responses[String(status)]);
  const names = Object.keys(media?.examples ?? {});
  return names.length === 0 && media?.example !== undefined ? ['example'] : names;
};

/** Status codes an operation declares as success (2xx, or 3xx for browser redirects). */
export const successStatuses = (operation: Operation): number[] =>
  Object.keys(operation.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 400);
