// The per-session keys that more than one module touches: each owner (the store, the scenarios, the logs, the
// webhook dispatcher) and the session rounds that read or write them together name them here, once.
import type { RedisLink } from './redis-link';

/**
 * Under this every key of a session's records starts (`<prefix>s:<session>:`); the store's seeding and dropping
 * scripts, which reach sessions by name, spell the same base in Lua.
 */
export const recordsBase = (link: RedisLink, session: string): string => link.key('s', session, '');
/** The session's version, set when it is seeded. */
export const versionKey = (link: RedisLink, session: string): string => `${recordsBase(link, session)}seeded`;
/** The sorted set of sessions by last use. */
export const sessionsKey = (link: RedisLink): string => link.key('sessions');
export const scenariosKey = (link: RedisLink, session: string): string => link.key('scenarios', session);
export const eventsKey = (link: RedisLink, session: string): string => link.key('events', session);
export const requestsKey = (link: RedisLink, session: string): string => link.key('requests', session);
/** The bytes a capped list's entries take (its key + `:bytes`), kept by the script that pushes and trims it. */
export const bytesKey = (listKey: string): string => `${listKey}:bytes`;
export const subscriptionsKey = (link: RedisLink, session: string): string => link.key('wh', 'subs', session);
