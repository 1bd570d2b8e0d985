// What an opened operation needs, loaded on demand and kept: its family's bundled document read through the
// shared spec reader, and its operation function picked by operationId from the family module's exports.
import { type BundledDocument, type Family, listOperations, type Operation } from '../../../../spec-model/document';
import { successStatuses } from '../../../../spec-model/examples';
import type { JsonObject } from '../../../../spec-model/json';
import { declaredResponse } from '../../../../spec-model/responses';
import type { FieldViolation } from '../../../../src/index';
import type { CallableOperation } from '../connection';
import type { OperationIndexEntry } from '../operation-index';

const documents: Record<Family, () => Promise<{ default: BundledDocument }>> = {
  commerce: () => import('../../../../generated/commerce/openapi.yaml'),
  platform: () => import('../../../../generated/platform/openapi.yaml'),
};

const functions: Record<Family, () => Promise<Record<string, unknown>>> = {
  commerce: () => import('../../../../src/commerce'),
  platform: () => import('../../../../src/platform'),
};

export interface LoadedOperation {
  readonly operation: Operation;
  readonly call: CallableOperation;
  readonly document: BundledDocument;
}

const families = new Map<Family, Promise<{ document: BundledDocument; operations: Operation[]; module: Record<string, unknown> }>>();
const loadFamily = (family: Family) => {
  let loading = families.get(family);
  if (!loading) {
    loading = Promise.all([documents[family](), functions[family]()]).then(([{ default: document }, module]) => ({
      document,
      operations: listOperations(family, document),
      module,
    }));
    families.set(family, loading);
  }
  return loading;
};

const operations = new Map<string, Promise<LoadedOperation>>();

/** The same promise for the same operation, so React's `use` can wait on it. */
export const loadOperation = (entry: OperationIndexEntry): Promise<LoadedOperation> => {
  let loading = operations.get(entry.operationId);
  if (!loading) {
    loading = loadFamily(entry.family).then(({ document, operations: all, module }) => {
      const operation = all.find((candidate) => candidate.operationId === entry.operationId);
      const call = module[entry.operationId];
      if (!operation || typeof call !== 'function')
        throw new Error(`${entry.operationId} is not an operation of the ${entry.family} family`);
      return { operation, call: call as CallableOperation, document };
    });
    operations.set(entry.operationId, loading);
  }
  return loading;
};

export type FieldCheck = (schema: JsonObject, value: unknown, root?: string) => FieldViolation[];

/** A value checked as one side of the wire sees it: what is sent (`request`) and what is answered (`response`). */
export interface FieldChecks {
  readonly request: FieldCheck;
  readonly response: FieldCheck;
}

const checkers = new Map<Family, Promise<FieldChecks>>();

/** The spec reader's schema compiler with the family's schemas (its own chunk: the operation list never needs it). */
export const loadFieldChecks = (family: Family, document: BundledDocument): Promise<FieldChecks> => {
  let loading = checkers.get(family);
  if (!loading) {
    loading = import('../../../../spec-model/validators').then(({ createFieldValidator }) => ({
      request: createFieldValidator(document, 'request'),
      response: createFieldValidator(document, 'response'),
    }));
    checkers.set(family, loading);
  }
  return loading;
};

/**
 * Compiles the checks of the operation's success answers ahead of the first send: each side of the wire compiles
 * its own view of the schemas, and a large answer (a cart) takes a noticeable moment to compile the first time.
 */
export const prepareAnswerChecks = async (operation: Operation, checks: Promise<FieldChecks>): Promise<void> => {
  const { response } = await checks;
  for (const status of successStatuses(operation)) {
    const schema = declaredResponse(operation, status)?.json?.schema;
    if (schema) response(schema, null);
  }
};
