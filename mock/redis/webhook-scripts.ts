// The Lua scripts of the shared webhook delivery queue (redis-webhooks.ts), each with its arguments named once
// (script-args.ts). Keys under `<prefix>wh:`: q:<subscription> (its queue of delivery ids, emission order),
// d:<delivery> (the delivery record: entry, signed token, session), lease:<subscription>, and the due set.
import { scriptArgs } from './script-args';

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
/** Records an attempt's outcome; does nothing (0) when the lease is no longer this token's. */
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
end
local queue = prefix .. 'wh:q:' .. subscription
if outcome == 'retry' and text then
  redis.call('ZADD', KEYS[1], nextDue, subscription)
  return 1
end
redis.call('LREM', queue, 1, delivery)
if redis.call('LLEN', queue) > 0 then redis.call('ZADD', KEYS[1], now, subscription) else redis.call('ZREM', KEYS[1], subscription) end
return 1`;
