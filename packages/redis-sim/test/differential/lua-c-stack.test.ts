import { describe, expect, it } from 'vitest';
import { createServer } from '../../src/index.ts';
import { useRealLua } from './lua-eval.ts';

/**
 * Lua 5.1's `C stack overflow` against a real redis-server 7.0.15, byte for byte. Every call
 * Lua makes through luaD_call (a builtin calling back into Lua, a metamethod, a generic `for`'s
 * iterator) nests one C call, a coroutine runs one above its resumer, and a script runs at 1;
 * the call that makes 200 fails (LUAI_MAXCCALLS), with the position of the Lua code that made
 * it or none when a builtin made it. Each recursion below counts how deep it got, and answers
 * the count with the error, caught or as the script's error reply. Past the limit only error
 * handlers run, up to 225 calls, where Lua answers `error in error handling`. An error handler
 * (Redis's own, xpcall's) is called one above where the error was raised, so an error raised at
 * 199 reaches it as `C stack overflow`.
 */
const real = useRealLua();

/** Scripts, a statement a line, so the line an error reply names is told apart. */
const CASES: Record<string, string[]> = {
  'pcall calling itself': [
    'local n = 0',
    'local function f()',
    '  n = n + 1',
    '  local ok, e = pcall(f)',
    '  return e',
    'end',
    'local r = f()',
    'return {n, r}',
  ],
  'an __index function indexing its table, caught': [
    'local n, t = 0, nil',
    't = setmetatable({}, {__index = function(_, k)',
    '  n = n + 1',
    '  return t[k]',
    'end})',
    'local ok, e = pcall(function() return t.x end)',
    'return {n, e}',
  ],
  'an __index function indexing its table, as the reply': [
    'local t',
    't = setmetatable({}, {__index = function(_, k)',
    '  return t[k]',
    'end})',
    'return t.x',
  ],
  'an __newindex function assigning to its table': [
    'local n, t = 0, nil',
    't = setmetatable({}, {__newindex = function(_, k, v)',
    '  n = n + 1',
    '  t[k] = v',
    'end})',
    'local ok, e = pcall(function() t.x = 1 end)',
    'return {n, e}',
  ],
  'arithmetic, concatenation and comparison metamethods': [
    'local out = {}',
    "for _, ev in ipairs({'__add', '__unm', '__concat', '__eq', '__lt', '__le'}) do",
    '  local n, mt = 0, {}',
    '  local a, b = setmetatable({}, mt), setmetatable({}, mt)',
    '  local op = { __add = function(x, y) return x + y end, __unm = function(x) return -x end,',
    '    __concat = function(x, y) return x .. y end, __eq = function(x, y) return x == y end,',
    '    __lt = function(x, y) return x < y end, __le = function(x, y) return x <= y end }',
    '  mt[ev] = function(x, y) n = n + 1 return op[ev](x, y) end',
    '  local ok, e = pcall(op[ev], a, b)',
    "  out[#out + 1] = ev .. ' ' .. n .. ' ' .. tostring(e)",
    'end',
    'return out',
  ],
  'a table.sort comparator sorting again, caught': [
    'local n = 0',
    'local function cmp(a, b)',
    '  n = n + 1',
    '  table.sort({1, 2}, cmp)',
    '  return a < b',
    'end',
    'local ok, e = pcall(table.sort, {2, 1}, cmp)',
    'return {n, e}',
  ],
  'a table.sort comparator sorting again, as the reply': [
    'local function cmp(a, b)',
    '  table.sort({1, 2}, cmp)',
    '  return a < b',
    'end',
    'table.sort({2, 1}, cmp)',
  ],
  'a gsub replacement calling gsub, caught': [
    'local n = 0',
    'local function g(s)',
    '  n = n + 1',
    "  return (string.gsub('a', 'a', g))",
    'end',
    "local ok, e = pcall(g, 'a')",
    'return {n, e}',
  ],
  'a gsub replacement calling gsub, as the reply': [
    'local function g(s)',
    "  return (string.gsub('a', 'a', g))",
    'end',
    "return g('a')",
  ],
  "a generic for's iterator looping again": [
    'local n = 0',
    'local function it()',
    '  n = n + 1',
    '  for x in it do end',
    'end',
    'local ok, e = pcall(it)',
    'return {n, e}',
  ],
  "a generic for's iterator looping again, as the reply": [
    'local function it()',
    '  for x in it do end',
    'end',
    'it()',
  ],
  'a __tostring calling tostring': [
    'local n, t = 0, nil',
    't = setmetatable({}, {__tostring = function()',
    '  n = n + 1',
    '  return tostring(t)',
    'end})',
    'local ok, e = pcall(tostring, t)',
    'return {n, e}',
  ],
  'a __call calling pcall of its table': [
    'local n, t = 0, nil',
    't = setmetatable({}, {__call = function()',
    '  n = n + 1',
    '  local ok, e = pcall(t)',
    '  if ok then return e end',
    '  return e',
    'end})',
    'local r = t()',
    'return {n, r}',
  ],
  'coroutine.resume nesting coroutines': [
    'local n = 0',
    'local function f()',
    '  n = n + 1',
    '  local ok, e = coroutine.resume(coroutine.create(f))',
    '  return e',
    'end',
    'local r = f()',
    'return {n, r}',
  ],
  'coroutine.wrap nesting coroutines (each wrap adds a position)': [
    'local n = 0',
    'local function f()',
    '  n = n + 1',
    '  return coroutine.wrap(f)()',
    'end',
    'local ok, e = pcall(f)',
    'return {n, e}',
  ],
  'xpcall calling itself: its handler still runs': [
    'local n = 0',
    'local function f()',
    '  n = n + 1',
    "  local ok, e = xpcall(f, function(m) return 'handled: ' .. tostring(m) end)",
    '  return e',
    'end',
    'local r = f()',
    'return {n, r}',
  ],
  'a handler failing until the C stack gives out': [
    'local calls = 0',
    'local function h(m)',
    '  calls = calls + 1',
    "  if not string.find(tostring(m), 'C stack') then error('again', 0) end",
    "  return 'got: ' .. m",
    'end',
    "local ok, e = xpcall(function() error('first', 0) end, h)",
    'return {calls, e}',
  ],
  'a handler that always fails': [
    'local calls = 0',
    "local function h(m) calls = calls + 1 error('again') end",
    "local ok, e = xpcall(function() error('first') end, h)",
    'return {calls, e}',
  ],
  'error() at 199 C calls, no pcall: the handler is handed C stack overflow': [
    'local n, t = 0, nil',
    't = setmetatable({}, {__index = function(_, k)',
    '  n = n + 1',
    "  if n == 198 then error('boom') end",
    '  return t[k]',
    'end})',
    'return t.x',
  ],
  'a runtime error at 199 C calls, no pcall: positioned where it was raised': [
    'local n, t = 0, nil',
    't = setmetatable({}, {__index = function(_, k)',
    '  n = n + 1',
    '  if n == 198 then',
    '    local x = nil + 1',
    '  end',
    '  return t[k]',
    'end})',
    'return t.x',
  ],
  'an error table at 199 C calls, no pcall': [
    'local n, t = 0, nil',
    't = setmetatable({}, {__index = function(_, k)',
    '  n = n + 1',
    "  if n == 198 then error({err = 'mine'}) end",
    '  return t[k]',
    'end})',
    'return t.x',
  ],
  "xpcall's handler for a runtime error at 199 C calls": [
    'local n, t = 0, nil',
    't = setmetatable({}, {__index = function(_, k)',
    '  n = n + 1',
    '  if n == 197 then',
    '    local x = nil + 1',
    '  end',
    '  return t[k]',
    'end})',
    "return {xpcall(function() return t.x end, function(m) return 'h: ' .. m end)}",
  ],
  'pcalls past 200 inside a coroutine resumed at 199': [
    'local n, m = 0, 0',
    'local function g()',
    '  m = m + 1',
    '  local ok, e = pcall(g)',
    '  return e',
    'end',
    'local function f()',
    '  n = n + 1',
    '  local ok, e = coroutine.resume(coroutine.create(f))',
    '  if not ok then return g() end',
    '  return e',
    'end',
    'local r = f()',
    'return {n, m, r}',
  ],
};

describe('C stack overflow, as a real redis-server answers it', () => {
  for (const [name, lines] of Object.entries(CASES)) {
    it(name, async () => {
      const script = lines.join('\n');
      const expected = await real().eval(script);
      expect(JSON.stringify(expected)).toMatch(/C stack overflow|error in error handling/);
      expect(createServer({}).call(['EVAL', script, '0'])).toEqual(expected);
    });
  }
});
