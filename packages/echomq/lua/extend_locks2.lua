-- @extend_locks2 · extend many leases under one clock read
-- KEYS[1] the active sorted set · KEYS[2] the queue base emq:{q}:
-- ARGV[1] lease_ms, then (id, token) pairs from ARGV[2] on
local base = KEYS[2]
local lease = tonumber(ARGV[1])
-- TIME is read once, so every extended member shares the same now
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local failed = {}
local i = 2
-- the bound is i < #ARGV: an id with no token after it is never read
while i < #ARGV do
  local id = ARGV[i]
  local token = ARGV[i + 1]
  -- rows hang off the declared base, so they share the queue's hash slot
  local jk = base .. 'job:' .. id
  local att = redis.call('HGET', jk, 'attempts')
  -- three gates in order: a row, its attempts equal to the token, a member of active
  if att and att == token and redis.call('ZSCORE', KEYS[1], id) then
    -- the score is the lease deadline: re-scoring the member is the extension
    redis.call('ZADD', KEYS[1], now + lease, id)
  else
    -- gone, stale or reaped: reported back to the caller, never re-scored
    table.insert(failed, id)
  end
  i = i + 2
end
return failed
