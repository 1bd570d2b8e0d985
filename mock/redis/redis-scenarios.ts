// Scenarios in Redis: one hash per session, operationId -> scenario. A counted failure is used up by a script,
// so `times: 3` fails exactly three calls whichever replicas answer them.
import type { Scenario, ScenarioEffect, ScenarioStore } from '../engine/scenarios';
import type { RedisLink } from './redis-link';
import { scenariosKey } from './session-keys';
import type { SessionRounds } from './session-rounds';

export class RedisScenarios implements ScenarioStore {
  readonly #link: RedisLink;
  readonly #rounds: SessionRounds;

  constructor(link: RedisLink, rounds: SessionRounds) {
    this.#link = link;
    this.#rounds = rounds;
  }

  #key(session: string): string {
    return scenariosKey(this.#link, session);
  }

  async set(scenario: Scenario): Promise<Scenario> {
    await this.#link.run((redis) => redis.hset(this.#key(scenario.session), scenario.operationId, JSON.stringify(scenario)));
    return scenario;
  }

  async take(session: string, operationId: string): Promise<ScenarioEffect | undefined> {
    const text = await this.#rounds.takeScenario(session, operationId);
    if (text === null) return undefined;
    const scenario = JSON.parse(text) as Scenario;
    return { latencyMs: scenario.latencyMs ?? 0, failure: scenario.failure };
  }

  async list(session: string): Promise<Scenario[]> {
    return (await this.#link.run((redis) => redis.hvals(this.#key(session)))).map((text) => JSON.parse(text) as Scenario);
  }

  async clear(session?: string): Promise<number> {
    const keys = session === undefined ? await scanKeys(this.#link, this.#key('*')) : [this.#key(session)];
    if (keys.length === 0) return 0;
    return this.#link.run(async (redis) => {
      const counts = await Promise.all(keys.map((key) => redis.hlen(key)));
      await redis.del(...keys);
      return counts.reduce((sum, count) => sum + count, 0);
    });
  }
}

/** Every key matching a pattern (SCAN, so Redis is never blocked): for the controls that clear every session. */
export const scanKeys = (link: RedisLink, pattern: string): Promise<string[]> =>
  link.run(async (redis) => {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      keys.push(...found);
    } while (cursor !== '0');
    return keys;
  });
