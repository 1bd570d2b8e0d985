// Verdicts kept on frozen values. The engine's store deep-freezes every record it keeps, so a record (or any part
// of one) that passed a component schema once still passes it: an update that keeps most of a cart, or the event
// that carries the cart just answered, re-validates only what is new. Answers are still checked in full against
// the spec's schemas; this only skips parts already proven and unchanged.
//
// How: the response side's schemas name each component through the keyword below instead of `$ref`. It validates
// the value with that component's compiled schema (Ajv compiles it once, on first use) and remembers a pass on a
// frozen object.
import type Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { DataValidationCxt, SchemaValidateFunction } from 'ajv/dist/types/index.js';

/** The keyword a response-side schema uses where the document says `$ref`. */
export const CHECKED_REF = 'x-checked-ref';

/** Per frozen value, the schemas (full references) it has passed. */
export type FrozenVerdicts = WeakMap<object, Set<string>>;

const scopes = new WeakMap<object, FrozenVerdicts>();

/**
 * The verdicts of one set of documents: every Ajv that compiles the same documents' response side shares them
 * (the engine's answers and the events it emits), and no verdict crosses to other documents.
 */
export const verdictsFor = (documents: object): FrozenVerdicts => {
  let verdicts = scopes.get(documents);
  if (!verdicts) scopes.set(documents, (verdicts = new WeakMap()));
  return verdicts;
};

/** Installs the keyword in an Ajv whose response-side schemas use it; the second call on one Ajv does nothing. */
export const installCheckedRefs = (ajv: Ajv2020, verdicts: FrozenVerdicts): void => {
  if (ajv.getKeyword(CHECKED_REF)) return;
  const compiled = new Map<string, ValidateFunction>();
  const checkedRef: SchemaValidateFunction = (ref: string, data: unknown, _parent?: unknown, context?: DataValidationCxt): boolean => {
    const frozen = typeof data === 'object' && data !== null && Object.isFrozen(data);
    if (frozen && verdicts.get(data)?.has(ref)) return true;
    let validate = compiled.get(ref);
    if (!validate) {
      validate = ajv.getSchema(ref);
      if (!validate) throw new Error(`${CHECKED_REF}: no schema ${ref}`);
      compiled.set(ref, validate);
    }
    if (validate(data)) {
      if (frozen) {
        let passed = verdicts.get(data);
        if (!passed) verdicts.set(data, (passed = new Set()));
        passed.add(ref);
      }
      return true;
    }
    // The component's errors are relative to the value it was given: placed under the path the value has here.
    const base = context?.instancePath ?? '';
    checkedRef.errors = ((validate.errors ?? []) as ErrorObject[]).map((error) => ({ ...error, instancePath: `${base}${error.instancePath}` }));
    return false;
  };
  ajv.addKeyword({ keyword: CHECKED_REF, schemaType: 'string', errors: true, validate: checkedRef });
};
