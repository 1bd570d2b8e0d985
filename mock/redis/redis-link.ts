// The mock's connection to Redis (MOCK_STORE=redis://host:port/db): one client for commands, pipelined (the
// commands of one turn of the event loop leave together), and a second one, made on demand, that only listens (webhook wake-ups). Node-only, loaded by start-mock.ts only when MOCK_STORE names
// Redis, so neither `npm start`'s default path nor the MSW adapter ever loads ioredis.
//
// Faults: commands never wait for a connection that is not there (no offline queue) and never longer than the
// command timeout; whatever fails on the way to Redis becomes a StateUnavailableError (a 503 UNAVAILABLE), and
// the client reconnects by itself, so the mock serves again as soon as Redis is back.
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { StateUnavailableError } from '../errors/state-unavailable';

/**
 * A command not answered within this is a failure: a request never hangs on Redis. Generous, because the timer
 * is read when the event loop is free again: a replica busy for a second (compiling a schema on a loaded
 * machine) must not count the reply that was waiting all along as missing.
 */
export const COMMAND_TIMEOUT_MS = 5000;

export interface RedisLink {
  readonly client: Redis;
  readonly prefix: string;
  /** `prefix` + the parts joined with `:`. */
  key(...parts: string[]): string;
  /** Runs commands; a failure reaching Redis becomes a StateUnavailableError. */
  run<T>(work: (client: Redis) => Promise<T>): Promise<T>;
  /** Calls `send` when this turn of the event loop ends, just before the turn's commands leave. */
  atTurnEnd(send: () => void): void;
  /** A Lua script, sent by its digest and loaded again when Redis forgot it (a restart). */
  script(lua: string): (keys: readonly string[], args: readonly (string | number)[]) => Promise<unknown>;
  /** The listening connection (made on first use). */
  listener(): Redis;
  /** Calls `then` each time the connection is ready again (after a Redis restart). */
  onReady(then: () => void): void;
  close(): Promise<void>;
}

const unavailable = (error: unknown): StateUnavailableError =>
  error instanceof StateUnavailableError ? error : new StateUnavailableError(`Redis: ${(error as Error)?.message ?? String(error)}`);

export const connectRedis = async (url: string, prefix: string, log: (line: string) => void): Promise<RedisLink> => {
  const { Redis } = await import('ioredis');
  const options = {
    enableOfflineQueue: false,
    enableAutoPipelining: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    // Reconnects forever, at most a second apart: the mock outlives a Redis restart.
    retryStrategy: (times: number) => Math.min(times * 100, 1000),
  };
  const client = new Redis(url, options);
  let listening: Redis | undefined;
  // One line per change of state, not one per reconnection attempt.
  let down = false;
  const watch = (connection: Redis, name: string) => {
    connection.on('error', (error: Error) => {
      if (!down) log(`redis ${name}: ${error.message}; answering 503 until it is back`);
      down = true;
    });
    connection.on('ready', () => {
      if (down) log(`redis ${name}: connected again`);
      down = false;
    });
  };
  watch(client, 'store');
  // Starts even when Redis is not there yet: requests get 503 until it is.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 3000);
    client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });

  // Each write to the socket is a system call, the dearest part of a command here: the commands of every request
  // handled in one turn of the event loop are held back (the socket corked) and leave together when the turn
  // ends, in one write. ioredis's own auto-pipelining flushes after each callback instead, many times a turn.
  // What waits for the turn's end (atTurnEnd) is sent just before.
  let turn: { stream?: { cork(): void; uncork(): void }; readonly last: (() => void)[] } | undefined;
  const endTurn = () => {
    const ending = turn;
    if (!ending) return;
    for (let index = 0; index < ending.last.length; index += 1) ending.last[index]?.();
    turn = undefined;
    ending.stream?.uncork();
  };
  const inTurn = () => {
    if (!turn) {
      turn = { last: [] };
      setImmediate(endTurn);
    }
    const stream = (client as unknown as { stream?: { cork(): void; uncork(): void; writable?: boolean } }).stream;
    if (!turn.stream && stream?.writable) {
      stream.cork();
      turn.stream = stream;
    }
    return turn;
  };

  const run = async <T>(work: (redis: Redis) => Promise<T>): Promise<T> => {
    inTurn();
    try {
      return await work(client);
    } catch (error) {
      throw unavailable(error);
    }
  };

  return {
    client,
    prefix,
    key: (...parts) => prefix + parts.join(':'),
    run,
    atTurnEnd(send) {
      inTurn().last.push(send);
    },
    script(lua) {
      const digest = createHash('sha1').update(lua).digest('hex');
      return (keys, args) =>
        run(async (redis) => {
          try {
            return await redis.evalsha(digest, keys.length, ...keys, ...args);
          } catch (error) {
            if (!String((error as Error)?.message).startsWith('NOSCRIPT')) throw error;
            return redis.eval(lua, keys.length, ...keys, ...args);
          }
        });
    },
    listener() {
      if (!listening) {
        listening = new Redis(url, { ...options, enableOfflineQueue: true, commandTimeout: undefined, maxRetriesPerRequest: null });
        watch(listening, 'listener');
      }
      return listening;
    },
    onReady(then) {
      client.on('ready', then);
    },
    async close() {
      for (const connection of [client, listening]) {
        if (!connection) continue;
        await connection.quit().catch(() => connection.disconnect());
      }
    },
  };
};
