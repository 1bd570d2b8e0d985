import { isJsonMediaType } from '../src/protocol';
import type { MediaType, Operation } from './document';

export interface DeclaredResponse {
  /** The key it is declared under: `200`, `4XX` or `default`. */
  readonly key: string;
  /** Its JSON content, when it declares one. */
  readonly json: MediaType | undefined;
}

/** The response an operation declares for `status`: the exact code, else its range (`4XX`), else `default`. */
export const declaredResponse = (operation: Operation, status: number): DeclaredResponse | undefined => {
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((candidate) => operation.responses[candidate]);
  if (!key) return undefined;
  const content = operation.responses[key]?.content;
  const type = Object.keys(content ?? {}).find(isJsonMediaType);
  return { key, json: type ? content?.[type] : undefined };
};

/** The declared statuses of an operation, numerically sorted (ranges and `default` left out). */
export const declaredStatuses = (operation: Operation): number[] =>
  Object.keys(operation.responses)
    .filter((key) => /^\d{3}$/.test(key))
    .map(Number)
    .sort((a, b) => a - b);
