import { describe, expect, it } from 'vitest';
import { createServer } from '../../src/index.ts';
import type { Reply } from '../../src/client.ts';
import { toLuaString } from '../../src/lua/values.ts';
import { useRealLua, type EvalReply } from './lua-eval.ts';

/**
 * The interpreter's semantics and error words against a real redis-server
 * 7.0.15: each script runs by EVAL on both, and the replies (error texts with
 * their `script: <sha>, on @user_script:N.` suffix included) must be equal.
 */
const real = useRealLua();

/** The simulator's reply in the form the byte-string client gives the real one. */
function asEval(r: Reply): EvalReply {
  if (r === null || typeof r === 'number') return r;
  // ioredis reads an integer as a JS number: one beyond 2^53 rounds the same way there
  if (typeof r === 'bigint') return Number(r);
  if (typeof r === 'string') return toLuaString(r);
  if (Array.isArray(r)) return r.map(asEval);
  if ('status' in r) return toLuaString(r.status);
  if ('nilArray' in r) return null;
  return { error: toLuaString(r.error) };
}

const PANEL: Record<string, string> = {
  arithmetic: "return {1 + 2, 7 % 3, -7 % 3, 2 ^ 10, 10 / 4 * 2, '10' + 5, ' 0x10 ' * 1}",
  'number text':
    "return {tostring(10 / 2), 1e15 .. '', 0.1 .. '', 2^53 .. '', -0 .. '', 1/0 .. ''}",
  concat: "return 1 .. 2 .. 'x' .. 1.5",
  comparison:
    "return {1 < 2 and 1 or 0, 'a' < 'b' and 1 or 0, 'Z' < 'a' and 1 or 0, 2 <= 2 and 1 or 0}",
  equality: "return {1 == 1.0 and 1 or 0, '1' == 1 and 1 or 0, {} == {} and 1 or 0}",
  'arith on local nil': 'local count return count + 1',
  'arith on a constant nil': 'return 1 + nil',
  'arith on field': 'local t = {} return t.x * 2',
  'arith on global': 'return 2 - KEYS[1]',
  'arith on upvalue': 'local u local function f() return u + 1 end return f()',
  'arith on a string that is not a number': "local s = 'abc' return s + 1",
  'concat local nil': "local base return base .. 'job:'",
  'concat table': "return 'x' .. {}",
  'concat in a chain': "local a, b = 'a', nil return a .. b .. 'c'",
  'compare number with nil': 'return 1 < nil',
  'compare swapped by >': 'return 1 > nil',
  'compare two tables': 'return {} < {}',
  'compare number with string': "return 1 <= 'x'",
  'index global nil': 'return x.y',
  'index field nil': 'local t = {} return t.a.b',
  'index numeric field nil': 'local t = {} return t[1].b',
  'index local number': 'local n = 5 return n.x',
  'index upvalue nil': 'local u local function f() return u.x end return f()',
  'call global nil': 'return nosuch()',
  'call field nil': 'local t = {} return t.foo()',
  'call method nil': 'local t = {} return t:foo()',
  'call local number': 'local f = 3 return f()',
  'call a result': 'local function f() return nil end return f()()',
  'length of nil': 'local x return #x',
  'length of a number': 'return #5',
  'bad argument, global': 'return tonumber()',
  'bad argument, field': 'return table.insert()',
  'bad argument, method self': "return ('x'):rep()",
  'bad argument through pcall': 'local ok, e = pcall(table.concat) return e',
  'unary minus on nil': 'local a return -a',
  'numeric for': 'local s = 0 for i = 10, 1, -3 do s = s * 10 + i end return s',
  'numeric for float steps': 'local n = 0 for i = 0, 1, 0.1 do n = n + 1 end return n',
  'for initial value': "for i = 'a', 2 do end",
  'for limit': 'for i = 1, {} do end',
  'for step': 'for i = 1, 2, nil do end',
  'for with string numbers': "local s = 0 for i = '1', '3' do s = s + i end return s",
  'generic for over a number': 'for k in 5 do end',
  'ipairs stops at nil': 'local n = 0 for _, v in ipairs({1, 2, nil, 4}) do n = n + v end return n',
  'closures per iteration':
    'local fs = {} for i = 1, 3 do fs[i] = function() return i end end return {fs[1](), fs[2](), fs[3]()}',
  'upvalue shared': 'local n = 0 local function inc() n = n + 1 end inc() inc() return n',
  'repeat scope': 'local i = 0 repeat local j = i i = i + 1 until j >= 3 return i',
  'while and break': 'local i = 0 while true do i = i + 1 if i > 4 then break end end return i',
  varargs: "local function f(...) return select('#', ...), ... end return {f(1, nil, 3)}",
  'select negative': "return {select(-2, 'a', 'b', 'c')}",
  'select out of range': 'return select(0, 1)',
  'call truncation': 'local function f() return 1, 2 end return {(f())}',
  'multiple assignment': 'local a, b, c = 1 b, c = 2, 3, 4 return {a, b, c}',
  swap: 'local a, b = 1, 2 a, b = b, a return {a, b}',
  'parenthesised and/or': "return {(nil or 0), (1 and 2), ((1 < 2) and 'y' or 'n'), ((('x')))}",
  'and/or values': "return {nil and 1 or 2, false or 'x', 1 and 2, nil or false}",
  metatables: `local mt = {}
mt.__add = function(a, b) return 'add' end
mt.__concat = function(a, b) return 'cat' end
mt.__index = function(t, k) return k .. '!' end
mt.__call = function(self, x) return x * 2 end
mt.__unm = function() return 'neg' end
mt.__eq = function() return true end
mt.__lt = function() return true end
mt.__le = function() return false end
local a = setmetatable({}, mt)
local b = setmetatable({}, mt)
return {a + 1, a .. 'x', a.key, a(21), -a, a == b and 1 or 0, a < b and 1 or 0, a <= b and 1 or 0}`,
  __newindex: `local log = {}
local t = setmetatable({}, {__newindex = function(t, k, v) rawset(t, k, v * 10) end})
t.x = 4 return t.x`,
  '__index chain':
    "local base = {v = 'base'} local t = setmetatable({}, {__index = base}) return t.v",
  __tostring: "return tostring(setmetatable({}, {__tostring = function() return 'me' end}))",
  __metatable: "local t = setmetatable({}, {__metatable = 'locked'}) return getmetatable(t)",
  'protected metatable': 'local t = setmetatable({}, {__metatable = 1}) setmetatable(t, {})',
  'error string': "error('boom')",
  'error level 0': "error('plain', 0)",
  'error level 2': "local function f() error('deep', 2) end\nf()",
  'error nil': 'error()',
  'error number': 'error(12)',
  'error table': "error({err = 'MY custom'})",
  'error in a function': 'local function f()\n  local x = nil\n  return x.y\nend\nreturn f()',
  'pcall results': 'return {pcall(function() return 1, 2 end)}',
  'pcall an error': "local ok, e = pcall(function() error('x') end) return {tostring(ok), e}",
  'pcall error table': "local ok, e = pcall(error, {err = 'E'}) return e",
  'pcall(error)': 'local ok, e = pcall(error) return tostring(e)',
  'xpcall handler':
    "return {xpcall(function() error('x') end, function(m) return 'handled: ' .. m end)}",
  'assert false': 'assert(false)',
  'assert message': "assert(nil, 'why')",
  'assert passes': "return {assert(1, 'm')}",
  'tonumber forms':
    "return {tonumber(' 7 '), tonumber('0x10'), tonumber('z', 36), tonumber('1e1'), tonumber('') == nil and 1 or 0}",
  'tonumber base out of range': "return tonumber('1', 99)",
  'type names': "return {type(nil), type(1), type('s'), type({}), type(print == nil), type(type)}",
  unpack: 'return {unpack({1, 2, 3}, 2)}',
  'rawequal and rawget':
    "local t = setmetatable({}, {__index = function() return 1 end}) return {rawget(t, 'x') == nil and 1 or 0, rawequal(t, t) and 1 or 0}",
  'next and pairs': 'local t = {a = 1} local k, v = next(t) return {k, v}',
  'next invalid key': "return next({}, 'nope')",
  'readonly global': 'x = 1',
  'readonly library': 'string.x = 1',
  'readonly via rawset': "rawset(_G, 'x', 1)",
  'nonexistent global': 'return y',
  'removed globals': 'return print',
  loadstring: "local f = loadstring('return 1 + 1') return f()",
  'loadstring syntax error': "return {loadstring('return 1 +')}",
  'loadstring runtime error': "local f = loadstring('return 1 + nil') return f()",
  'table index is nil': 'local t = {} t[nil] = 1',
  'table index is NaN': 'local t = {} t[0/0] = 1',
  'compile error': 'return 1 +',
  'compile error, unfinished string': "return 'abc",
  'reply: float truncated': 'return {3.99, -3.99, -0.5}',
  'reply: booleans': 'return {true, false, 1}',
  'reply: nested and cut at nil': 'return {1, {2, {3}}, nil, 4}',
  'reply: status in an array': "return {{ok = 'fine'}, 'x'}",
  'pcall with no function': 'return {pcall()}',
  'zero constants share one sign': "return {-0 .. '', 1/0 .. ''}",
  'zero constants, plain first': "return {0 .. '', -0 .. ''}",
  'reply: error table': "return {err = 'MY bad'}",
  'reply: error_reply': "return redis.error_reply('x')",
  'reply: status_reply': "return redis.status_reply('ok')",
  'redis.call status': "local r = redis.call('PING') return {type(r), r.ok}",
  'redis.call integer and nil':
    "return {redis.call('EXISTS', 'nokey'), tostring(redis.call('GET', 'nokey'))}",
  'redis.call failing command': "redis.call('GET', 'a', 'b')",
  'redis.call wrong type':
    "redis.call('SET', '{t}s', 'x') local ok, e = pcall(redis.call, 'HGET', '{t}s', 'f') redis.call('DEL', '{t}s') return e",
  'redis.call unknown command': "redis.call('NOSUCH')",
  'redis.call nil argument': "redis.call('GET', nil)",
  'redis.call no arguments': 'redis.call()',
  'redis.pcall error': "local r = redis.pcall('NOSUCH') return r.err",
  'redis.call number argument':
    "redis.call('SET', '{t}n', 0.1) local v = redis.call('GET', '{t}n') redis.call('DEL', '{t}n') return v",
  'redis.sha1hex': "return redis.sha1hex('')",
  'redis.log': "return redis.log(redis.LOG_WARNING, 'from the panel')",
  'redis.log bad level': "redis.log(17, 'x')",
  'redis.set_repl bad': 'redis.set_repl(99)',
  'redis constants': 'return {redis.LOG_DEBUG, redis.LOG_WARNING, redis.REPL_ALL, redis.REPL_NONE}',
};

describe('the interpreter against a real redis-server', () => {
  for (const [name, script] of Object.entries(PANEL)) {
    it(name, async () => {
      const sim = createServer();
      expect(asEval(sim.call(['EVAL', script, '0']))).toEqual(await real().eval(script));
    });
  }
});
