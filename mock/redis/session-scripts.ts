// The Lua scripts of the session store (redis-session-store.ts) and its lease (session-lease.ts), each with its
// arguments named once (script-args.ts). Each runs in one step in Redis: a session is seeded exactly once, read
// at one version, and written only under the lease that holds the token the writer took.
//
// A session's keys, under `<prefix>s:<session>:` (its base): seeded (the version), cols (set of collections), seq
// (creation counter), lease, h:<collection> (records), o:<collection> (creation order).

import { scriptArgs } from './script-args';
import type { PendingWrites } from './session-snapshots';

const DROP = `
local function drop(prefix, name)
  local base = prefix .. 's:' .. name .. ':'
  for _, col in ipairs(redis.call('SMEMBERS', base .. 'cols')) do
    redis.call('DEL', base .. 'h:' .. col, base .. 'o:' .. col)
  end
  local existed = redis.call('DEL', base .. 'cols', base .. 'seq', base .. 'seeded')
  redis.call('DEL', base .. 'lease')
  redis.call('ZREM', prefix .. 'sessions', name)
  return existed
end
`;

const PUT = `
local function put(base, col, id, json)
  local order = base .. 'o:' .. col
  if not redis.call('ZSCORE', order, id) then
    redis.call('ZADD', order, redis.call('INCR', base .. 'seq'), id)
    redis.call('SADD', base .. 'cols', col)
  end
  redis.call('HSET', base .. 'h:' .. col, id, json)
end
`;

/** replace: 1 seeds even a seeded session; tag: the new version's; the tail: collection, id, JSON per record. */
export const SEED_ARGS = scriptArgs(['prefix', 'session', 'now', 'maxSessions', 'replace', 'tag']);
/** Answers the session's version (the one it had when it was seeded already and `replace` is not 1). */
export const SEED_SCRIPT = `${DROP}${PUT}${SEED_ARGS.lua}
local base = prefix .. 's:' .. session .. ':'
if replace ~= '1' then
  local seeded = redis.call('GET', base .. 'seeded')
  if seeded then return seeded end
end
drop(prefix, session)
for i = tail, #ARGV, 3 do put(base, ARGV[i], ARGV[i + 1], ARGV[i + 2]) end
local version = tag .. ':0'
redis.call('SET', base .. 'seeded', version)
redis.call('ZADD', prefix .. 'sessions', now, session)
local over = redis.call('ZCARD', prefix .. 'sessions') - tonumber(maxSessions)
if over > 0 then
  for _, old in ipairs(redis.call('ZRANGE', prefix .. 'sessions', 0, over - 1)) do
    if old ~= session then drop(prefix, old) end
  end
end
return version`;

/** session: empty for every session. */
export const DROP_ARGS = scriptArgs(['prefix', 'session']);
/** Answers the sessions that existed. */
export const DROP_SCRIPT = `${DROP}${DROP_ARGS.lua}
local names = session ~= '' and { session } or redis.call('ZRANGE', prefix .. 'sessions', 0, -1)
local dropped = {}
for _, name in ipairs(names) do
  if drop(prefix, name) > 0 then table.insert(dropped, name) end
end
return dropped`;

export const READ_ARGS = scriptArgs(['base', 'collection', 'id']);
/** The version and the record, read together. */
export const READ_SCRIPT = `${READ_ARGS.lua}
return { redis.call('GET', base .. 'seeded'), redis.call('HGET', base .. 'h:' .. collection, id) }`;

export const LIST_ARGS = scriptArgs(['base', 'collection']);
/** The version, then id and record in creation order, in slices (Lua's unpack has a limit). */
export const LIST_SCRIPT = `${LIST_ARGS.lua}
local ids = redis.call('ZRANGE', base .. 'o:' .. collection, 0, -1)
local out = { redis.call('GET', base .. 'seeded') }
for i = 1, #ids, 500 do
  local values = redis.call('HMGET', base .. 'h:' .. collection, unpack(ids, i, math.min(i + 499, #ids)))
  for j, value in ipairs(values) do
    if value then
      table.insert(out, ids[i + j - 1])
      table.insert(out, value)
    end
  end
end
return out`;

/** KEYS: lease, fence counter. */
export const ACQUIRE_ARGS = scriptArgs(['leaseMs', 'base']);
/**
 * The new token with the session's version, or the milliseconds the holder's lease has left (a number) when
 * someone holds it.
 */
export const ACQUIRE_SCRIPT = `${ACQUIRE_ARGS.lua}
local left = redis.call('PTTL', KEYS[1])
if left > 0 then return left end
local token = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], token, 'PX', leaseMs)
return { tostring(token), redis.call('GET', base .. 'seeded') }`;

/**
 * lease: the lease key (empty: a write under no lease); release: 1 releases it; channel, session: where the
 * release is told; expected: the version the writes were made at (empty: any); the tail: kind (p: put, r:
 * remove), collection, id, JSON per write.
 */
export const COMMIT_ARGS = scriptArgs(['base', 'lease', 'token', 'release', 'channel', 'session', 'expected']);
/**
 * Writes only while the lease holds that token and the session is at that version; releases the lease (telling
 * the replicas waiting for the session) when asked and still held. Answers the version before and after.
 */
export const COMMIT_SCRIPT = `${PUT}${COMMIT_ARGS.lua}
local holds = lease == '' or redis.call('GET', lease) == token
local before = redis.call('GET', base .. 'seeded')
local after = before
if #ARGV >= tail then
  if not holds then return redis.error_reply('LEASE_LOST the session lease expired before the write') end
  if expected ~= '' and before ~= expected then
    return redis.error_reply('VERSION_CHANGED the session changed under its lease')
  end
  for i = tail, #ARGV, 4 do
    if ARGV[i] == 'p' then
      put(base, ARGV[i + 1], ARGV[i + 2], ARGV[i + 3])
    else
      redis.call('ZREM', base .. 'o:' .. ARGV[i + 1], ARGV[i + 2])
      redis.call('HDEL', base .. 'h:' .. ARGV[i + 1], ARGV[i + 2])
    end
  end
  if before then
    local tag, count = string.match(before, '^(.*):(%d+)$')
    if not tag then tag, count = before, 0 end
    after = tag .. ':' .. (tonumber(count) + 1)
    redis.call('SET', base .. 'seeded', after)
  end
end
if lease ~= '' and release == '1' and holds then
  redis.call('DEL', lease)
  redis.call('PUBLISH', channel, session)
end
return { before or false, after or false }`;

/** The commit script's tail: a record put again after its removal is removed first, so it goes to the end of the order. */
export const commitTail = (writes: PendingWrites): string[] =>
  [...writes.values()].flatMap((write) => [
    ...(write.fresh ? ['r', write.collection, write.id, ''] : []),
    write.kind,
    write.collection,
    write.id,
    write.json,
  ]);
