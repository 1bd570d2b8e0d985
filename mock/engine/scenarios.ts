// Scenario controls per session and operation (PUT /__mock/scenarios/{operationId}): added latency, and forced
// failures answered in the platform's error body (a 429 or 503 with `Retry-After`) or as a connection fault, for
// every call or for the next `times` calls.
import type { ConnectionFault } from '../../src/protocol';

/**
 * How the engine tells an adapter to fault the connection of an answer: a header on the MockResponse, which the
 * adapter removes and acts on (the pipeline in between carries headers as they are).
 */
export const FAULT_HEADER = 'x-mock-connection-fault';

export { DEFAULT_RETRY_AFTER_SECONDS } from '../../src/protocol';

export interface ForcedFailure {
  /** The status answered; left out when `fault` is given. */
  readonly status?: number;
  /** A connection fault instead of an answer: the call does not reach the service. */
  readonly fault?: ConnectionFault;
  /** `Retry-After` of a forced 429 or 503, in seconds (default 1). */
  readonly retryAfterSeconds?: number;
  readonly code?: string;
  readonly description?: string;
  /** How many calls fail; undefined: every call until the scenario is cleared. */
  readonly times?: number;
}

export interface Scenario {
  readonly operationId: string;
  readonly session: string;
  readonly latencyMs?: number;
  readonly failure?: ForcedFailure;
}

export interface ScenarioEffect {
  readonly latencyMs: number;
  readonly failure: ForcedFailure | undefined;
}

/**
 * Where scenarios are kept: in memory by default, in Redis when replicas share state (a failure set for `times`
 * calls is used up across every replica, each call counting once).
 */
export interface ScenarioStore {
  set(scenario: Scenario): Promise<Scenario>;
  /** What applies to this call; a failure with `times` is used up by it. */
  take(session: string, operationId: string): Promise<ScenarioEffect | undefined>;
  list(session: string): Promise<Scenario[]>;
  /** Clears one session's scenarios (or every session's); answers how many there were. */
  clear(session?: string): Promise<number>;
}

/** The scenario left after one call used it: a counted failure loses one; undefined when nothing is left. */
export const afterUse = (scenario: Scenario): Scenario | undefined => {
  const { failure } = scenario;
  if (failure?.times === undefined) return scenario;
  const left = failure.times - 1;
  const rest: Scenario = { ...scenario, failure: left > 0 ? { ...failure, times: left } : undefined };
  return left > 0 || rest.latencyMs ? rest : undefined;
};

export class Scenarios implements ScenarioStore {
  readonly #bySession = new Map<string, Map<string, Scenario>>();

  async set(scenario: Scenario): Promise<Scenario> {
    let scenarios = this.#bySession.get(scenario.session);
    if (!scenarios) {
      scenarios = new Map();
      this.#bySession.set(scenario.session, scenarios);
    }
    scenarios.set(scenario.operationId, scenario);
    return scenario;
  }

  async take(session: string, operationId: string): Promise<ScenarioEffect | undefined> {
    const scenario = this.#bySession.get(session)?.get(operationId);
    if (!scenario) return undefined;
    const rest = afterUse(scenario);
    if (rest) this.#bySession.get(session)?.set(operationId, rest);
    else this.#bySession.get(session)?.delete(operationId);
    return { latencyMs: scenario.latencyMs ?? 0, failure: scenario.failure };
  }

  async list(session: string): Promise<Scenario[]> {
    return [...(this.#bySession.get(session)?.values() ?? [])];
  }

  async clear(session?: string): Promise<number> {
    if (session === undefined) {
      const count = [...this.#bySession.values()].reduce((sum, scenarios) => sum + scenarios.size, 0);
      this.#bySession.clear();
      return count;
    }
    const count = this.#bySession.get(session)?.size ?? 0;
    this.#bySession.delete(session);
    return count;
  }
}
