// Verdicts kept on frozen records. The engine's store deep-freezes every record it keeps, so a record that passed
// its component schema once still passes it. The response check remembers the record an answer wraps (`{ cart }`)
// once the answer passed; the event check then finds the cart of a cart_updated event already proven, instead of
// validating it a second time within the same request.
//
// How: the event check's schemas name record components through the keyword below instead of a reference. It answers
// from a remembered pass, else validates the value with that component's compiled schema. It remembers nothing
// itself: a WeakMap write per nested object costs more than the validation it would save (measured).
import type {
  DataValidationCxt,
  ErrorObject,
  SchemaEngine,
  SchemaValidateFunction,
  ValidateFunction,
} from '../../spec-model/schema-compiler';

/** The keyword a schema uses, where the document refers to a component, to accept a record already proven. */
export const CHECKED_REF = 'x-checked-ref';

/** Per frozen record, the schemas (full references such as `commerce-response#/components/schemas/Cart`) it passed. */
export type FrozenVerdicts = WeakMap<object, Set<string>>;

const scopes = new WeakMap<object, FrozenVerdicts>();

/**
 * The verdicts of one set of documents: the checks that compile the same documents share them (the engine's
 * answers and the events it emits), and no verdict crosses to other documents.
 */
export const verdictsFor = (documents: object): FrozenVerdicts => {
  let verdicts = scopes.get(documents);
  if (!verdicts) scopes.set(documents, (verdicts = new WeakMap()));
  return verdicts;
};

/** Records that `value` passed `ref`, when it is frozen (a value that may still change proves nothing). */
export const rememberPass = (verdicts: FrozenVerdicts, value: unknown, ref: string): void => {
  if (typeof value !== 'object' || value === null || !Object.isFrozen(value)) return;
  let passed = verdicts.get(value);
  if (!passed) verdicts.set(value, (passed = new Set()));
  passed.add(ref);
};

/** Installs the keyword in a compiler whose schemas use it (its `vocabulary`); the second call on one does nothing. */
export const installCheckedRefs = (ajv: SchemaEngine, verdicts: FrozenVerdicts): void => {
  if (ajv.getKeyword(CHECKED_REF)) return;
  const compiled = new Map<string, ValidateFunction>();
  const checkedRef: SchemaValidateFunction = (ref: string, data: unknown, _parent?: unknown, context?: DataValidationCxt): boolean => {
    if (typeof data === 'object' && data !== null && verdicts.get(data)?.has(ref)) return true;
    let validate = compiled.get(ref);
    if (!validate) {
      validate = ajv.getSchema(ref);
      if (!validate) throw new Error(`${CHECKED_REF}: no schema ${ref}`);
      compiled.set(ref, validate);
    }
    if (validate(data)) return true;
    // The component's errors are relative to the value it was given: placed under the path the value has here.
    const base = context?.instancePath ?? '';
    checkedRef.errors = ((validate.errors ?? []) as ErrorObject[]).map((error) => ({
      ...error,
      instancePath: `${base}${error.instancePath}`,
    }));
    return false;
  };
  ajv.addKeyword({ keyword: CHECKED_REF, schemaType: 'string', errors: true, validate: checkedRef });
};
