import { describe, expect, it } from 'vitest';
import { createServer } from '../../src/index.ts';
import { useRealLua } from './lua-eval.ts';

/**
 * `chunk has too many syntax levels` for a chunk `loadstring` reads, against a real
 * redis-server 7.0.15. Lua 5.1's parser counts its levels on the same counter as nested C calls
 * (nCcalls, limit 200), so how deep a chunk may nest depends on where `loadstring` is called: at
 * a script's top (which Redis runs under lua_pcall, one C call deep) 197 parentheses compile and
 * 198 do not; one C call deeper (inside pcall, a coroutine, a metamethod, a sort comparator, a
 * gsub replacement or a generic `for`'s iterator) one fewer. Each script finds the first depth
 * that fails where it calls `loadstring`, and answers it with the error.
 */
const real = useRealLua();

/** Lua that sets `first` to the first depth of parentheses loadstring refuses, and `err` to its error. */
const SEARCH = `
local function search()
  for n = 150, 210 do
    local f, e = loadstring('return ' .. string.rep('(', n) .. '1' .. string.rep(')', n))
    if not f then return n, e end
  end
end`;

/** Where `search()` is called from, each an expression answering {first, err}. */
const PLACES: Record<string, string> = {
  "a script's top": 'return {search()}',
  pcall: 'return {select(2, pcall(search))}',
  'pcall inside pcall': 'return {select(3, pcall(pcall, search))}',
  'a coroutine (resume)': 'return {select(2, coroutine.resume(coroutine.create(search)))}',
  'a coroutine (wrap)': 'return {coroutine.wrap(search)()}',
  'a coroutine inside pcall':
    'return {select(2, pcall(function() return coroutine.wrap(search)() end))}',
  'an __index function':
    'local t = setmetatable({}, {__index = function() return {search()} end}) return t.x',
  'an __add function':
    'local t = setmetatable({}, {__add = function() return {search()} end}) return t + 1',
  'a sort comparator':
    'local r table.sort({1, 2}, function(a, b) r = r or {search()} return a < b end) return r',
  'a gsub replacement': "local r string.gsub('a', 'a', function() r = {search()} end) return r",
  "a generic for's iterator":
    'local r for _ in function() if r then return nil end r = {search()} return 1 end do end return r',
  'a __tostring function':
    'local r tostring(setmetatable({}, {__tostring = function() r = {search()} return "" end})) return r',
};

describe('how deep a loaded chunk may nest, by where loadstring is called', () => {
  for (const [place, call] of Object.entries(PLACES)) {
    it(place, async () => {
      const script = `${SEARCH}\n${call}`;
      const expected = await real().eval(script);
      expect(expected).toEqual([expect.any(Number), expect.stringContaining('syntax levels')]);
      expect(createServer({}).call(['EVAL', script, '0'])).toEqual(expected);
    });
  }
});
