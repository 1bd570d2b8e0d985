// Loads the parts of @stoplight/prism-http the mock runs in-process: the response mocker and the document
// transformation it needs. Prism is CommonJS; it is loaded from its own location so every module it shares
// with us (json-schema-faker above all) is the very instance it uses.
import { createRequire, Module } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Prism is not a dependency of the package (its tree is far larger than the package): the installed command
 * finds it beside itself when the user installed it, and says how to otherwise.
 */
export const PRISM_MISSING =
  'static and dynamic modes need Prism: npm install --save-dev @stoplight/prism-cli@5.14.2 (the stateful and proxy modes do not)';

export class PrismMissingError extends Error {
  override readonly name = 'PrismMissingError';
}

const prismRequire = (): NodeJS.Require => {
  const require = createRequire(import.meta.url);
  let manifest: string;
  try {
    manifest = require.resolve('@stoplight/prism-http/package.json');
  } catch {
    throw new PrismMissingError(PRISM_MISSING);
  }
  return createRequire(join(dirname(manifest), 'dist', 'index.js'));
};

/** Either as fp-ts builds it. */
export type Either<L, R> = { readonly _tag: 'Left'; readonly left: L } | { readonly _tag: 'Right'; readonly right: R };

export interface PrismRequest {
  readonly method: string;
  readonly url: { readonly path: string; readonly query?: Record<string, string | string[]> };
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
}

export interface PrismResponse {
  readonly statusCode: number;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
}

export interface PrismProblem extends Error {
  readonly status?: number;
  readonly detail?: string;
}

export interface PrismMockConfig {
  readonly dynamic: boolean;
  readonly code?: number;
  readonly exampleKey?: string;
  readonly seed?: string;
  readonly mediaTypes?: string[];
}

export interface PrismLogger {
  child(bindings: object): PrismLogger;
  [level: string]: unknown;
}

export type PrismMock = (options: {
  resource: unknown;
  input: { data: PrismRequest; validations: [] };
  config: PrismMockConfig;
}) => (logger: PrismLogger) => Either<PrismProblem, PrismResponse>;

/** Prism's request validation (the verdict its server acts on); Left holds the diagnostics. */
export type PrismValidateInput = (options: {
  resource: unknown;
  element: PrismRequest;
}) => Either<readonly { readonly severity: number; readonly message: string; readonly path?: readonly (string | number)[] }[], unknown>;

export interface PrismLibrary {
  readonly mock: PrismMock;
  readonly validateInput: PrismValidateInput;
  readonly transformOas3Operations: (document: unknown) => { iid?: string; method: string; path: string }[];
  readonly bundleTarget: (options: { document: unknown; path: string; cloneDocument: boolean }) => unknown;
  readonly jsonSchemaFaker: { option(options: Record<string, unknown>): void };
}

/**
 * Prism's generator imports all of faker's locales (0.7 s and 50 MB) though dynamic answers are English only:
 * the English build is registered in its place before Prism loads.
 */
const preferEnglishFaker = (fromPrism: NodeJS.Require): void => {
  const fakerPath = fromPrism.resolve('@faker-js/faker');
  if (fromPrism.cache[fakerPath]) return;
  const english: unknown = fromPrism('@faker-js/faker/locale/en');
  const stand = new Module(fakerPath);
  stand.filename = fakerPath;
  stand.loaded = true;
  stand.exports = { faker: english, default: english };
  fromPrism.cache[fakerPath] = stand;
};

let loaded: PrismLibrary | undefined;

export const loadPrism = (): PrismLibrary => {
  if (loaded) return loaded;
  const fromPrism = prismRequire();
  preferEnglishFaker(fromPrism);
  const mocker = fromPrism('./mocker') as { default: PrismMock };
  const http = fromPrism('@stoplight/http-spec/oas3/operation') as Pick<PrismLibrary, 'transformOas3Operations'>;
  const json = fromPrism('@stoplight/json') as Pick<PrismLibrary, 'bundleTarget'>;
  const faker = fromPrism('json-schema-faker') as { JSONSchemaFaker: PrismLibrary['jsonSchemaFaker'] };
  const validator = fromPrism('./validator') as Pick<PrismLibrary, 'validateInput'>;
  loaded = {
    mock: mocker.default,
    validateInput: validator.validateInput,
    transformOas3Operations: http.transformOas3Operations,
    bundleTarget: json.bundleTarget,
    jsonSchemaFaker: faker.JSONSchemaFaker,
  };
  return loaded;
};
