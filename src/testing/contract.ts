// The contract as the testing entry reads it: both families' bundled documents (the modules the package ships
// beside its MSW entry, so nothing reads spec/ at run time), their operations and one answer-side validator per
// family, through spec-model. What it finds wrong it throws as violations, each naming the field and the rule.
import commerce from '../../generated/commerce/openapi.yaml';
import platform from '../../generated/platform/openapi.yaml';
import { type BundledDocument, findOperation, type Operation } from '../../spec-model/document';
import type { Json } from '../../spec-model/json';
import { createFieldValidator } from '../../spec-model/validators';
import type { OperationMeta } from '../operations/operation-meta';
import type { Family, FieldViolation } from '../protocol';

const DOCUMENTS: Readonly<Record<Family, BundledDocument>> = { commerce, platform };

/** A family's bundled document: what a schema's references resolve in. */
export const contractDocument = (family: Family): BundledDocument => DOCUMENTS[family];

const validators = new Map<Family, ReturnType<typeof createFieldValidator>>();

/** The operation of the contract an operation function names; throws for a function that is not one of ours. */
export const contractOperation = (meta: Pick<OperationMeta, 'family' | 'operationId'> | undefined): Operation => {
  const document = meta && DOCUMENTS[meta.family];
  const operation = document && findOperation(meta.family, document, meta.operationId);
  if (!operation) {
    throw new TypeError(
      `${meta?.operationId ?? 'this value'} is not an operation of the contract: pass an operation function of storefront-api/commerce or storefront-api/platform`,
    );
  }
  return operation;
};

/** The violations of `value` against `schema` as an answer carries it (the answer side: `readOnly` fields required where declared so). */
export const answerViolations = (family: Family, schema: Json, value: unknown, root: string): FieldViolation[] => {
  let validate = validators.get(family);
  if (!validate) validators.set(family, (validate = createFieldValidator(DOCUMENTS[family], 'response')));
  // Fields named from the root the caller sees (`body.cart.id`, `cart.lineItems[0].quantity`).
  return validate(schema, value, root).map((v) =>
    v.field === root ? v : { ...v, field: `${root}${v.field.startsWith('[') ? '' : '.'}${v.field}` },
  );
};

/** An Error listing each violation as `field (RULE): description`. */
export class ContractViolation extends Error {
  override readonly name = 'ContractViolation';
  constructor(
    what: string,
    readonly violations: readonly FieldViolation[],
  ) {
    super(`${what} breaks the contract:\n${violations.map((v) => `  ${v.field} (${v.violatedRule}): ${v.description}`).join('\n')}`);
  }
}

/** Throws a ContractViolation when `value` breaks `schema`. */
export const checkAnswer = (family: Family, schema: Json, value: unknown, root: string, what: string): void => {
  const violations = answerViolations(family, schema, value, root);
  if (violations.length > 0) throw new ContractViolation(what, violations);
};
