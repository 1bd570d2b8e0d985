// Scenarios in Redis: one hash per session, operationId -> scenario. A counted failure is used up by a script,
// so `times: 3` fails exactly three calls whichever replicas answer them.
import type { Scenario, ScenarioEffect, ScenarioStore } from '../engine/scenarios';
import type { RedisLink } from './redis-link';

// KEYS: the session's hash; ARGV: operationId. Answers the scenario as it was before this call used it.
const TAKE_SCRIPT = `
local text = redis.call('HGET', KEYS[1], ARGV[1])
if not text then return false end
local scenario = cjson.decode(text)
local failure = scenario.failure
if failure and failure.times then
  if failure.times > 1 then
    failure.times = failure.times - 1
    redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(scenario))
  elseif scenario.latencyMs and scenario.latencyMs > 0 then
    scenario.failure = nil
    redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(scenario))
  else
    redis.call('HDEL', KEYS[1], ARGV[1])
  end
end
return text`;

export class RedisScenarios implements ScenarioStore {
  readonly #link: RedisLink;
  readonly #take: ReturnType<RedisLink['script']>;

  constructor(link: RedisLink) {
    this.#link = link;
    this.#take = link.script(TAKE_SCRIPT);
  }

  #key(session: string): string {
    return this.#link.key('scenarios', session);
  }

  async set(scenario: Scenario): Promise<Scenario> {
    await this.#link.run((redis) => redis.hset(this.#key(scenario.session), scenario.operationId, JSON.stringify(scenario)));
    return scenario;
  }

  async take(session: string, operationId: string): Promise<ScenarioEffect | undefined> {
    const text = (await this.#take([this.#key(session)], [operationId])) as string | null;
    if (text === null) return undefined;
    const scenario = JSON.parse(text) as Scenario;
    return { latencyMs: scenario.latencyMs ?? 0, failure: scenario.failure };
  }

  async list(session: string): Promise<Scenario[]> {
    return (await this.#link.run((redis) => redis.hvals(this.#key(session)))).map((text) => JSON.parse(text) as Scenario);
  }

  async clear(session?: string): Promise<number> {
    const keys = session === undefined ? await scanKeys(this.#link, this.#link.key('scenarios', '*')) : [this.#key(session)];
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
