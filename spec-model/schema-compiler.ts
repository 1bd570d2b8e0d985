// The one schema compiler: Ajv (JSON Schema 2020-12, as OpenAPI 3.1 uses) over a document's schemas as one side
// of the wire sees them (schema-view.ts). The mock's request and answer checks, the explorer's checks and the
// tests all compile through it, so a body is judged the same way wherever it is judged.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { isJsonObject, type Json, type JsonObject } from './json';
import {
  type CheckedReferences,
  type Closing,
  closingOf,
  componentsView,
  schemaView,
  type ViewOptions,
  type WireSide,
} from './schema-view';

export type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
export type { DataValidationCxt, SchemaValidateFunction } from 'ajv/dist/types/index.js';
export type { CheckedReferences, WireSide } from './schema-view';
/** The Ajv a vocabulary hook installs its keywords in. */
export type SchemaEngine = Ajv2020;

export interface CompilerOptions {
  /** Values that arrive as text are coerced to the schema's type (`limit=5` is the integer 5). Default false. */
  readonly coerceTypes?: boolean;
  /** Every violation (the default), or only the first. */
  readonly allErrors?: boolean;
  /**
   * `full` (the default) checks formats as Prism does (calendar dates included); `fast` uses ajv-formats'
   * pattern-only rules, for values the caller writes itself (toISOString dates).
   */
  readonly formats?: 'full' | 'fast';
  /** Installs the caller's own keywords (used by its schemas or by `CheckedReferences`). */
  readonly vocabulary?: (engine: SchemaEngine) => void;
  /**
   * `refused`: an object's undeclared properties are violations (FIELD_NOT_ALLOWED), for a strict check of what a
   * client sends. Default `allowed`, as the platform and Prism judge.
   */
  readonly unknownProperties?: 'allowed' | 'refused';
}

// A document's view for one side, made once however many compilers register it (the mock registers the request
// side in two: bodies, and parameters coerced from text).
const views = new WeakMap<object, Map<string, Json>>();
const viewOf = (document: JsonObject, documentId: string, side: WireSide, options: ViewOptions): Json => {
  if (options.checked) return componentsView(document.components, documentId, side, options);
  let byKey = views.get(document);
  if (!byKey) views.set(document, (byKey = new Map()));
  const key = `${side} ${documentId}${options.closing ? ' closed' : ''}`;
  let view = byKey.get(key);
  if (!view) byKey.set(key, (view = componentsView(document.components, documentId, side, options)));
  return view;
};

export class SchemaCompiler {
  readonly #ajv: Ajv2020;
  readonly #closed: boolean;
  readonly #documents = new Map<string, { readonly document: object; readonly side: WireSide; readonly closing: Closing | undefined }>();
  readonly #compiled = new WeakMap<object, Map<string, ValidateFunction>>();

  /**
   * strict off: OpenAPI adds keywords (discriminator, x-*) JSON Schema does not know; logger off: an unknown
   * format is ignored, as Prism does, without a console warning per schema; validateSchema off: the documents are
   * linted by redocly, and checking them again against the meta-schema costs start-up time.
   */
  constructor(options: CompilerOptions = {}) {
    this.#ajv = new Ajv2020({
      strict: false,
      allErrors: options.allErrors ?? true,
      coerceTypes: options.coerceTypes ?? false,
      logger: false,
      validateSchema: false,
    });
    addFormats(this.#ajv, { mode: options.formats ?? 'full' });
    this.#closed = options.unknownProperties === 'refused';
    options.vocabulary?.(this.#ajv);
  }

  /**
   * Registers a document's component schemas, as `side` sees them, under `documentId` (copied: the document may
   * be rewritten afterwards). Registering the same document under the same id again does nothing.
   */
  register(documentId: string, document: Json, side: WireSide, checked?: CheckedReferences): void {
    if (!isJsonObject(document)) throw new Error(`${documentId}: not a document`);
    const known = this.#documents.get(documentId);
    if (known) {
      if (known.document !== document || known.side !== side) throw new Error(`${documentId} is registered already`);
      return;
    }
    const closing = this.#closed ? closingOf(document) : undefined;
    this.#ajv.addSchema({ $id: documentId, components: viewOf(document, documentId, side, { checked, closing }) } as object);
    this.#documents.set(documentId, { document, side, closing });
  }

  /** A validator of `schema`, its local references into the document registered under `documentId`; kept per schema. */
  compile(schema: Json, documentId: string): ValidateFunction {
    const registered = this.#documents.get(documentId);
    if (!registered) throw new Error(`no document registered as ${documentId}`);
    const key = isJsonObject(schema) ? schema : undefined;
    const cached = key && this.#compiled.get(key)?.get(documentId);
    if (cached) return cached;
    const validate = this.#ajv.compile(schemaView(schema, documentId, registered.side, { closing: registered.closing }) as object);
    if (key) {
      let byDocument = this.#compiled.get(key);
      if (!byDocument) this.#compiled.set(key, (byDocument = new Map()));
      byDocument.set(documentId, validate);
    }
    return validate;
  }
}
