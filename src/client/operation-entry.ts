import type { RouteEntry } from './route-match';

/** An operation as the generated route table lists it (generated/<family>/operations.ts). */
export interface OperationEntry extends RouteEntry {
  /** operationId of the POST twin a too-long GET switches to (spec extension x-fallback). */
  readonly fallback?: string;
  /** Paging style of the request, when the operation pages. */
  readonly paging?: 'offset' | 'cursor';
}

/** What the runtime reports about the call that failed. */
export interface OperationInfo {
  readonly family: 'commerce' | 'platform';
  readonly method: string;
  readonly path: string;
  readonly operationId: string | undefined;
}
