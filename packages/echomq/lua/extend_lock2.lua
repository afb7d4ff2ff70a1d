-- @extend_lock2 · extend one lease, and say why when it cannot
-- KEYS[1] the active sorted set · KEYS[2] the job row emq:{q}:job:<id>
-- ARGV[1] lease_ms, ARGV[2] id, ARGV[3] token: the batch's layout, one pair
local lease = tonumber(ARGV[1])
local id = ARGV[2]
local token = ARGV[3]
-- one clock read, as in the batch
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
-- the batch's three gates in the batch's order; each refusal has its own class
local att = redis.call('HGET', KEYS[2], 'attempts')
if not att then
  return redis.error_reply('EMQGONE the job row does not exist')
end
if att ~= token then
  return redis.error_reply('EMQSTALE the token does not match the row attempts')
end
if not redis.call('ZSCORE', KEYS[1], id) then
  return redis.error_reply('EMQNOTACTIVE the job is not in active')
end
-- the score is the lease deadline: re-scoring the member is the extension
redis.call('ZADD', KEYS[1], now + lease, id)
return 1
