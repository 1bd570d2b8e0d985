// What the proxy learnt about the upstream: per operation, how many exchanges were checked, how many broke the
// contract, how many violations and gateway failures (502/504) they had; and the latest exchanges that broke it,
// each with its request id and every violation. Bounded: the latest `kept` exchanges only. Isomorphic.
import type { FieldViolation } from '../../src/protocol';

/** A violation and which side of the exchange broke the contract. */
export interface SidedViolation extends FieldViolation {
  readonly side: 'request' | 'answer';
}

export interface CheckedExchange {
  /** The upstream's request id (its request-id header), else the proxy's own. */
  readonly requestId: string;
  /** `-` when the path is no operation of the API. */
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  /** The status the client got (the upstream's, or the proxy's 502/504). */
  readonly status: number;
  readonly violations: readonly SidedViolation[];
  /** Set when the proxy answered itself: the upstream was unreachable or too slow. */
  readonly gateway?: string | undefined;
  readonly at: string;
}

export interface OperationTally {
  checked: number;
  violating: number;
  violations: number;
  gatewayErrors: number;
}

/** Exchanges kept when nothing else is said. */
export const DEFAULT_KEPT = 200;

export class ViolationLedger {
  readonly #kept: number;
  readonly #latest: CheckedExchange[] = [];
  readonly #tallies = new Map<string, OperationTally>();

  constructor(kept = DEFAULT_KEPT) {
    this.#kept = kept;
  }

  add(exchange: CheckedExchange): void {
    let tally = this.#tallies.get(exchange.operationId);
    if (!tally) {
      tally = { checked: 0, violating: 0, violations: 0, gatewayErrors: 0 };
      this.#tallies.set(exchange.operationId, tally);
    }
    tally.checked += 1;
    if (exchange.gateway) tally.gatewayErrors += 1;
    if (exchange.violations.length === 0 && !exchange.gateway) return;
    if (exchange.violations.length > 0) tally.violating += 1;
    tally.violations += exchange.violations.length;
    this.#latest.push(exchange);
    if (this.#latest.length > this.#kept) this.#latest.splice(0, this.#latest.length - this.#kept);
  }

  clear(): void {
    this.#latest.length = 0;
    this.#tallies.clear();
  }

  /** Tallies by operation, and the latest exchanges that broke the contract or failed, newest first. */
  report(filter: { readonly operationId?: string; readonly limit?: number } = {}): {
    readonly byOperation: Record<string, OperationTally>;
    readonly latest: CheckedExchange[];
  } {
    const byOperation: Record<string, OperationTally> = {};
    for (const [operationId, tally] of [...this.#tallies].sort(([a], [b]) => a.localeCompare(b))) byOperation[operationId] = { ...tally };
    const latest = this.#latest
      .filter((exchange) => filter.operationId === undefined || exchange.operationId === filter.operationId)
      .reverse()
      .slice(0, filter.limit ?? this.#kept);
    return { byOperation, latest };
  }
}
