/**
 * The panel's coroutine scripts (Lua 5.1's coroutine library as Redis 7.0.15
 * embeds it): generators, value passing both ways, every status, every error
 * and its words, the C-call boundaries a 5.1 yield cannot cross, nesting, and
 * errors escaping `wrap` into the script's reply. As for the rest of the
 * panel, the expected answers are read from the real server when the test runs.
 */
import type { LuaCase } from './lua-compare.ts';

type Extra = Omit<LuaCase, 'name' | 'script'> & { name?: string };

export const COROUTINE_SCRIPTS: Array<string | [string, Extra]> = [
  // generators and value passing
  'local gen = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end) return {gen(), gen(), gen()}',
  'local out = {} for v in coroutine.wrap(function() for i = 1, 4 do coroutine.yield(i * i) end end) do out[#out + 1] = v end return out',
  `local function producer()
  return coroutine.create(function()
    for _, w in ipairs({'a', 'b', 'c'}) do coroutine.yield(w) end
    return 'done'
  end)
end
local p = producer()
local got = {}
while true do
  local ok, v = coroutine.resume(p)
  got[#got + 1] = tostring(ok) .. ':' .. tostring(v)
  if coroutine.status(p) == 'dead' then break end
end
return got`,
  `local co = coroutine.create(function(a, b)
  local c, d = coroutine.yield(a + b, a * b)
  local e = coroutine.yield(c .. d)
  return e, 'end'
end)
local r = {}
local function add(...) for i = 1, select('#', ...) do r[#r + 1] = tostring((select(i, ...))) end end
add(coroutine.resume(co, 2, 3))
add(coroutine.resume(co, 'x', 'y'))
add(coroutine.resume(co, 42))
add(coroutine.resume(co))
return r`,
  'local co = coroutine.create(function(...) return select("#", ...), ... end) return {coroutine.resume(co, nil, 2, nil)}',
  'local co = coroutine.create(function() local a, b, c = coroutine.yield() return select("#", a, b, c), a, b, c end) coroutine.resume(co) return {coroutine.resume(co, 1, nil, 3)}',
  'local co = coroutine.create(function() coroutine.yield(nil, nil) end) return select("#", coroutine.resume(co))',
  'local co = coroutine.create(function() return end) return select("#", coroutine.resume(co))',
  'local co = coroutine.create(function(x) while true do x = coroutine.yield(x * 2) end end) local r = {} for i = 1, 5 do local _, v = coroutine.resume(co, i) r[i] = v end return r',
  'local co = coroutine.create(function() local t = {} for i = 1, 3 do t[i] = coroutine.yield(i) end return table.concat(t, ",") end) local r for i = 1, 4 do r = {coroutine.resume(co, "v" .. i)} end return r',
  // status in every state, running
  `local co
co = coroutine.create(function()
  local inner = coroutine.create(function() return coroutine.status(co) end)
  local _, s = coroutine.resume(inner)
  coroutine.yield(coroutine.status(co), s)
end)
local s0 = coroutine.status(co)
local _, s1, s2 = coroutine.resume(co)
local s3 = coroutine.status(co)
coroutine.resume(co)
return {s0, s1, s2, s3, coroutine.status(co)}`,
  'return {type(coroutine.running()), select("#", coroutine.running())}',
  'local co co = coroutine.create(function() return coroutine.running() == co end) return {coroutine.resume(co)}',
  'local co = coroutine.create(function() return type(coroutine.running()) end) local _, t = coroutine.resume(co) return t',
  'local co = coroutine.create(function() error("x") end) coroutine.resume(co) return coroutine.status(co)',
  // type and tostring
  'local co = coroutine.create(function() end) return {type(co), string.sub(tostring(co), 1, 10)}',
  'local co = coroutine.create(function() end) return co',
  'local co = coroutine.create(function() end) return {co}',
  'local co = coroutine.create(function() end) local t = {[co] = 1} return t[co]',
  'local a = coroutine.create(function() end) local b = coroutine.create(function() end) return {a == a and 1 or 0, a == b and 1 or 0}',
  'return type(coroutine.wrap(function() end))',
  'return cjson.encode({coroutine.create(function() end)})',
  // resume errors
  'local co = coroutine.create(function() end) coroutine.resume(co) return {coroutine.resume(co)}',
  'local co = coroutine.create(function() end) coroutine.resume(co) local ok, e = coroutine.resume(co) return e',
  'local co co = coroutine.create(function() return coroutine.resume(co) end) return {coroutine.resume(co)}',
  `local outer
outer = coroutine.create(function()
  local inner = coroutine.create(function() return coroutine.resume(outer) end)
  return coroutine.resume(inner)
end)
return {coroutine.resume(outer)}`,
  'local g = coroutine.wrap(function() end) g() return g()',
  'local g = coroutine.wrap(function() end) g() return {pcall(g)}',
  'return coroutine.resume(1)',
  'return coroutine.resume()',
  'return coroutine.status({})',
  'return coroutine.create(1)',
  'return coroutine.create(string.len)',
  'return coroutine.wrap(tostring)',
  'return coroutine.create()',
  // yield where 5.1 cannot
  'return coroutine.yield(1)',
  '\ncoroutine.yield()\nreturn 1',
  'return {pcall(coroutine.yield, 1)}',
  'local co = coroutine.create(function() return pcall(function() coroutine.yield(1) end) end) return {coroutine.resume(co)}',
  'local co = coroutine.create(function() return pcall(coroutine.yield, 1) end) return {coroutine.resume(co)}',
  'local co = coroutine.create(function() local t = {3, 1, 2} table.sort(t, function(a, b) coroutine.yield() return a < b end) end) return {coroutine.resume(co)}',
  'local co = coroutine.create(function() return (string.gsub("abc", "%w", function(c) coroutine.yield(c) end)) end) return {coroutine.resume(co)}',
  'local co = coroutine.create(function() local t = setmetatable({}, {__index = function(t, k) return coroutine.yield(k) end}) return t.x end) return {coroutine.resume(co)}',
  'local co = coroutine.create(function() local t = setmetatable({}, {__add = function() coroutine.yield() end}) return t + 1 end) return {coroutine.resume(co)}',
  'local co = coroutine.create(function() for k in function() coroutine.yield() end do end end) return {coroutine.resume(co)}',
  'local co = coroutine.create(function() return xpcall(function() coroutine.yield() end, function(m) return "h:" .. m end) end) return {coroutine.resume(co)}',
  'local co = coroutine.create(function() return tostring(setmetatable({}, {__tostring = function() coroutine.yield() return "t" end})) end) return {coroutine.resume(co)}',
  // yield where 5.1 can: Lua-to-Lua calls, __call
  'local function deep(n) if n == 0 then return coroutine.yield("bottom") end return deep(n - 1) end local co = coroutine.create(function() return deep(5) end) local _, a = coroutine.resume(co) local _, b = coroutine.resume(co, "back") return {a, b}',
  'local obj = setmetatable({}, {__call = function(self, x) return coroutine.yield(x) end}) local co = coroutine.create(function() return obj(7) end) local _, a = coroutine.resume(co) return {a, select(2, coroutine.resume(co, 8))}',
  'local o = {n = 0} function o:step() self.n = self.n + 1 coroutine.yield(self.n) end local co = coroutine.wrap(function() o:step() o:step() end) return {co(), co()}',
  'local co = coroutine.wrap(function() local t = {coroutine.yield(1), coroutine.yield(2)} return #t .. ":" .. t[1] .. t[2] end) return {co(), co("a"), co("b")}',
  'local co = coroutine.wrap(function() local x = 1 + coroutine.yield("p") return x * 10 end) return {co(), co(4)}',
  'local co = coroutine.wrap(function() if coroutine.yield(1) then return "yes" else return "no" end end) return {co(), co(false)}',
  'local co = coroutine.wrap(function() local s = 0 while coroutine.yield(s) do s = s + 1 end return "stop" .. s end) co() co(true) co(true) return co(false)',
  'local co = coroutine.wrap(function() local n = 0 repeat n = n + 1 until coroutine.yield(n) return n end) co() co(false) return co(true)',
  'local co = coroutine.wrap(function() return coroutine.yield(1) and coroutine.yield(2) or "none" end) return {co(), co(true), co(false)}',
  'local co = coroutine.wrap(function() local t = {} t[coroutine.yield("k")] = coroutine.yield("v") return t.key end) co() co("key") return co("value")',
  'local co = coroutine.wrap(function() for i = coroutine.yield("from"), coroutine.yield("to") do coroutine.yield(i) end return "end" end) return {co(), co(2), co(4), co(), co(), co()}',
  'local co = coroutine.wrap(function(...) local n = select("#", ...) coroutine.yield(n) return ... end) return {co(1, 2, 3), co()}',
  'local co = coroutine.wrap(function() local f = function(a) return a .. "!" end return f(coroutine.yield()) end) co() return co("hey")',
  'local co = coroutine.wrap(function() local up = 0 local function inc() up = up + 1 return up end coroutine.yield(inc()) coroutine.yield(inc()) return up end) return {co(), co(), co()}',
  'local co = coroutine.wrap(function() return -coroutine.yield(1), #coroutine.yield(2), not coroutine.yield(3) end) co() co(5) co("abc") return {co(nil)}',
  // closures and upvalues shared across the yield
  'local n = 0 local function inc() n = n + 1 return n end local co = coroutine.wrap(function() inc() coroutine.yield(inc()) return inc() end) inc() return {co(), inc(), co(), n}',
  'local co = coroutine.wrap(function() local x = 10 local function get() return x end coroutine.yield(get) x = 20 coroutine.yield(function() return x * 2 end) end) local g1 = co() local a = g1() local g2 = co() return {a, g1(), g2()}',
  'local function down(n) if n == 0 then return coroutine.yield("bottom") end return down(n - 1) + 1 end local co = coroutine.create(function() return down(150) end) local _, a = coroutine.resume(co) local _, b = coroutine.resume(co, 0) return {a, b}',
  // nested coroutines
  `local function gen(n)
  return coroutine.wrap(function() for i = 1, n do coroutine.yield(i) end end)
end
local outer = coroutine.wrap(function()
  for v in gen(3) do coroutine.yield(v * 10) end
end)
return {outer(), outer(), outer()}`,
  `local a, b
a = coroutine.create(function()
  coroutine.resume(b)
  return 'a done'
end)
b = coroutine.create(function()
  coroutine.yield(coroutine.status(a))
end)
local _, r = coroutine.resume(a)
local _, s = coroutine.resume(b)
return {r, tostring(s), coroutine.status(a), coroutine.status(b)}`,
  'local co = coroutine.create(function() local inner = coroutine.wrap(function() coroutine.yield("in") end) coroutine.yield(inner()) return "out" end) local _, a = coroutine.resume(co) local _, b = coroutine.resume(co) return {a, b}',
  // errors inside coroutines
  'local co = coroutine.create(function() error("boom") end) return {coroutine.resume(co)}',
  'local co = coroutine.create(function() error("boom", 0) end) return {coroutine.resume(co)}',
  'local co = coroutine.create(function() error("lvl2", 2) end) return {coroutine.resume(co)}',
  'local co = coroutine.create(function() local x x.y = 1 end) return {coroutine.resume(co)}',
  'local co = coroutine.create(function() error({code = 7}) end) local ok, e = coroutine.resume(co) return {tostring(ok), type(e), e.code}',
  'local co = coroutine.create(function() coroutine.yield(1) error("late") end) coroutine.resume(co) return {coroutine.resume(co)}',
  'local co = coroutine.create(function() return 1 + {} end) return {coroutine.resume(co)}',
  'local co = coroutine.create(function() local t = {} return t.a.b end) return {coroutine.resume(co)}',
  'local co = coroutine.create(function() return string.rep() end) return {coroutine.resume(co)}',
  'local function f(n) return 1 + f(n + 1) end local co = coroutine.create(function() return f(1) end) return {coroutine.resume(co)}',
  // errors escaping wrap into the script's reply
  'local g = coroutine.wrap(function() error("boom") end)\nreturn g()',
  'local g = coroutine.wrap(function()\n  local x = nil\n  return x.y\nend)\nlocal v = g()\nreturn v',
  'local g = coroutine.wrap(function() error(42) end) return g()',
  'local g = coroutine.wrap(function() error("m", 2) end) return g()',
  'local g = coroutine.wrap(function() error({err = "MY custom"}) end) return g()',
  'local g = coroutine.wrap(function() error("plain", 0) end) return g()',
  'local g = coroutine.wrap(function() error("x") end) return {pcall(g)}',
  'local g = coroutine.wrap(function() coroutine.yield(1) error("second") end)\ng()\n\nreturn g()',
  'local g = coroutine.wrap(function() error(true) end) return g()',
  'local g = coroutine.wrap(function() return redis.call("INCR", "s") end) return g()',
  // redis.call inside a coroutine
  [
    'local co = coroutine.wrap(function(k) local v = redis.call("INCR", k) coroutine.yield(v) redis.call("SET", k, "7") return redis.call("GET", k) end) return {co(KEYS[1]), co()}',
    { keys: ['n'], setup: [['SET', 'n', '41']] },
  ],
  [
    'local co = coroutine.create(function() return redis.call("INCR", KEYS[1]) end) return {coroutine.resume(co)}',
    { keys: ['s'], setup: [['SET', 's', 'abc']] },
  ],
  [
    'local co = coroutine.create(function() return redis.pcall("INCR", KEYS[1]) end) local ok, r = coroutine.resume(co) return r',
    { keys: ['s'], setup: [['SET', 's', 'abc']] },
  ],
  [
    'local g = coroutine.wrap(function() return redis.call("INCR", KEYS[1]) end)\nreturn g()',
    { keys: ['s'], setup: [['SET', 's', 'abc']] },
  ],
  [
    'local co = coroutine.wrap(function() for _, k in ipairs(KEYS) do coroutine.yield(redis.call("GET", k)) end end) return {co(), co()}',
    {
      keys: ['a', 'b'],
      setup: [
        ['SET', 'a', '1'],
        ['SET', 'b', '2'],
      ],
    },
  ],
  // a coroutine resumed from inside a C function runs (only its own yields are bounded)
  'local g = coroutine.wrap(function() local n = 0 while true do n = n + 1 coroutine.yield("X" .. n) end end) return (string.gsub("abc", "%w", g))',
  'local g = coroutine.wrap(function() coroutine.yield(1) end) return {pcall(g)}',
  'local co = coroutine.create(function(a, b) coroutine.yield(a < b) end) local t = {5, 2, 8, 1} table.sort(t, function(a, b) local ok, lt = coroutine.resume(co, a, b) co = coroutine.create(function(x, y) coroutine.yield(x < y) end) return lt end) return t',
  'local co = coroutine.create(function() coroutine.yield(unpack({1, 2, 3, 4, 5, 6, 7, 8, 9, 10})) end) return {coroutine.resume(co)}',
  // errors of no string
  'local g = coroutine.wrap(function() error() end) return g()',
  'local co = coroutine.create(function() error() end) return {select("#", coroutine.resume(co)), tostring(select(2, coroutine.resume(coroutine.create(function() error() end))))}',
  'local g = coroutine.wrap(function() error(setmetatable({}, {__tostring = function() return "custom" end})) end) local ok, e = pcall(g) return {tostring(ok), tostring(e)}',
  // loadstring chunks are Lua functions too
  'local f = loadstring("local a, b = ... local c = coroutine.yield(a + b) return c * 2") local co = coroutine.wrap(f) return {co(1, 2), co(10)}',
  'local co = coroutine.create(loadstring("coroutine.yield(1) return 2")) return {select(2, coroutine.resume(co)), select(2, coroutine.resume(co))}',
  'local co = coroutine.create(loadstring("error(\'inchunk\')")) return {coroutine.resume(co)}',
];
