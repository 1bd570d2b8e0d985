// Scenario controls per session and operation (PUT /__mock/scenarios/{operationId}): added latency, and forced
// failures answered in the platform's error body, for every call or for the next `times` calls.

export interface ForcedFailure {
  readonly status: number;
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

export class Scenarios {
  readonly #bySession = new Map<string, Map<string, Scenario>>();

  set(scenario: Scenario): Scenario {
    let scenarios = this.#bySession.get(scenario.session);
    if (!scenarios) {
      scenarios = new Map();
      this.#bySession.set(scenario.session, scenarios);
    }
    scenarios.set(scenario.operationId, scenario);
    return scenario;
  }

  /** What applies to this call; a failure with `times` is used up by it. */
  take(session: string, operationId: string): ScenarioEffect | undefined {
    const scenario = this.#bySession.get(session)?.get(operationId);
    if (!scenario) return undefined;
    const { failure } = scenario;
    if (failure?.times !== undefined) {
      const left = failure.times - 1;
      const rest: Scenario = { ...scenario, failure: left > 0 ? { ...failure, times: left } : undefined };
      if (left > 0 || rest.latencyMs) this.set(rest);
      else this.#bySession.get(session)?.delete(operationId);
    }
    return { latencyMs: scenario.latencyMs ?? 0, failure };
  }

  list(session: string): Scenario[] {
    return [...(this.#bySession.get(session)?.values() ?? [])];
  }

  /** Clears one session's scenarios (or every session's); answers how many there were. */
  clear(session?: string): number {
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
