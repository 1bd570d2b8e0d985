// The Lua scripts of the shared webhook delivery queue (redis-webhooks.ts), each with its arguments named once
// (script-args.ts). Keys under `<prefix>wh:`: q:<subscription> (its queue of delivery ids, emission order),
// d:<delivery> (the delivery record: entry, signed token, session), lease:<subscription>, log:<session> (the
// session's delivery log, newest first, each item `<delivery>:<bytes>`) and the due set.
import { scriptArgs } from './script-args';

/**
 * KEYS: due set, the session's log, its count of bytes. signed: the event as signed, the same for each delivery;
 * ttl: seconds a record and the log are kept; the tail: delivery id, subscription, entry JSON per delivery.
 */
export const ENQUEUE_ARGS = scriptArgs(['prefix', 'session', 'now', 'signed', 'ttl', 'cap', 'capBytes', 'channel']);
/**
 * Queues each delivery behind its subscriber's earlier ones and logs it, then trims the log oldest first while
 * over either cap (entries, or the bytes of their JSON as queued; the newest always stays), as the in-memory log
 * does. A record trimmed off the log goes with it once finished (one still queued is delivered, then expires).
 * A log found empty starts its count afresh, so a count left behind by a lost log does not linger.
 */
export const ENQUEUE_SCRIPT = `${ENQUEUE_ARGS.lua}
ttl, now = tonumber(ttl), tonumber(now)
local length, size, added = 0, 0, 0
for i = tail, #ARGV, 3 do
  local id, sub, entry = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  local record = prefix .. 'wh:d:' .. id
  redis.call('HSET', record, 'entry', entry, 'token', signed, 'session', session)
  redis.call('EXPIRE', record, ttl)
  redis.call('RPUSH', prefix .. 'wh:q:' .. sub, id)
  redis.call('ZADD', KEYS[1], 'NX', now, sub)
  length = redis.call('LPUSH', KEYS[2], id .. ':' .. #entry)
  size = size + #entry
  added = added + 1
end
local bytes
if length == added then
  redis.call('SET', KEYS[3], size)
  bytes = size
else
  bytes = redis.call('INCRBY', KEYS[3], size)
end
local dropped = 0
while length > 1 and (length > tonumber(cap) or bytes - dropped > tonumber(capBytes)) do
  local id, counted = string.match(redis.call('RPOP', KEYS[2]), '^(.*):(%d+)$')
  dropped = dropped + tonumber(counted)
  length = length - 1
  local record = prefix .. 'wh:d:' .. id
  local text = redis.call('HGET', record, 'entry')
  if text and cjson.decode(text).status ~= 'pending' then redis.call('DEL', record) end
end
if dropped > 0 then redis.call('DECRBY', KEYS[3], dropped) end
redis.call('EXPIRE', KEYS[2], ttl)
redis.call('EXPIRE', KEYS[3], ttl)
redis.call('PUBLISH', channel, session)
return length`;

/** A log item's delivery id (the item is `<delivery>:<bytes>`). */
export const loggedDelivery = (item: string): string => item.slice(0, item.lastIndexOf(':'));

/** KEYS: due set, fence counter. */
export const CLAIM_ARGS = scriptArgs(['now', 'leaseMs', 'prefix']);
/**
 * Claims the first due queue whose head exists, under a lease with a fencing token, and counts the attempt.
 * Answers `idle`, `wait` with the next due time, or `claimed` with the subscription, delivery, token, entry,
 * signed event and session.
 */
export const CLAIM_SCRIPT = `${CLAIM_ARGS.lua}
now, leaseMs = tonumber(now), tonumber(leaseMs)
for _ = 1, 20 do
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  if #first == 0 then return { 'idle' } end
  local sub, at = first[1], tonumber(first[2])
  if at > now then return { 'wait', first[2] } end
  local queue = prefix .. 'wh:q:' .. sub
  local head = redis.call('LINDEX', queue, 0)
  if not head then
    redis.call('ZREM', KEYS[1], sub)
  elseif redis.call('EXISTS', prefix .. 'wh:d:' .. head) == 0 then
    redis.call('LPOP', queue)
  else
    local record = prefix .. 'wh:d:' .. head
    local token = redis.call('INCR', KEYS[2])
    redis.call('ZADD', KEYS[1], now + leaseMs, sub)
    redis.call('SET', prefix .. 'wh:lease:' .. sub, token, 'PX', leaseMs)
    local entry = cjson.decode(redis.call('HGET', record, 'entry'))
    entry.attempts = entry.attempts + 1
    local text = cjson.encode(entry)
    redis.call('HSET', record, 'entry', text)
    return { 'claimed', sub, head, tostring(token), text, redis.call('HGET', record, 'token'), redis.call('HGET', record, 'session') }
  end
end
return { 'wait', tostring(now) }`;

/**
 * KEYS: due set. outcome: delivered | failed | retry; nextDue: when a retry is due; status, lastError: the
 * attempt's (empty: none).
 */
export const FINISH_ARGS = scriptArgs(['prefix', 'subscription', 'delivery', 'token', 'outcome', 'nextDue', 'status', 'lastError', 'now']);
/**
 * Records an attempt's outcome; does nothing (0) when the lease is no longer this token's. A finished delivery's
 * signed event (the bulk of its record: it carries the whole entity) is not needed again and goes.
 */
export const FINISH_SCRIPT = `${FINISH_ARGS.lua}
local lease = prefix .. 'wh:lease:' .. subscription
if redis.call('GET', lease) ~= token then return 0 end
redis.call('DEL', lease)
local record = prefix .. 'wh:d:' .. delivery
local text = redis.call('HGET', record, 'entry')
if text then
  local entry = cjson.decode(text)
  if status ~= '' then entry.responseStatus = tonumber(status) end
  if lastError ~= '' then entry.lastError = lastError end
  entry.status = outcome == 'retry' and 'pending' or outcome
  redis.call('HSET', record, 'entry', cjson.encode(entry))
  if outcome ~= 'retry' then redis.call('HDEL', record, 'token') end
end
local queue = prefix .. 'wh:q:' .. subscription
if outcome == 'retry' and text then
  redis.call('ZADD', KEYS[1], nextDue, subscription)
  return 1
end
redis.call('LREM', queue, 1, delivery)
if redis.call('LLEN', queue) > 0 then redis.call('ZADD', KEYS[1], now, subscription) else redis.call('ZREM', KEYS[1], subscription) end
return 1`;
