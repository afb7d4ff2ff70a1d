import { describe, expect, it } from 'vitest';
import { createServer } from '../../src/index.ts';
import type { Reply } from '../../src/client.ts';
import { useRealLua } from './lua-eval.ts';

/**
 * Expressions as long as a script's text allows, against a real redis-server 7.0.15. Lua 5.1's
 * parser reads a chain of left-associative operators (`1 + 1 + … + 1`, `a and b and …`) in a
 * loop, so hundreds of thousands of terms compile and run (and a chain of numerals folds to
 * one constant); it counts a level for each nested parenthesis, table, function body, unary
 * operator and right-associative `..` or `^`, and past 200 (LUAI_MAXCCALLS) answers `chunk has
 * too many syntax levels`. The simulator must answer the same for each, never a JavaScript
 * RangeError from recursing as deep as the chain is long.
 */
const real = useRealLua();

const N = 400_000;
/** Chains the simulator compiles term by term (slower than a folded one): deep enough to overflow. */
const M = 100_000;
/** Calls in a coroutine's chain, each compiled to be suspended (slower still). */
const C = 20_000;

const CASES: Record<string, string> = {
  'a chain of 400,000 numerals added': `return 1${'+1'.repeat(N)}`,
  'a chain added to a local': `local x = 1 return x${'+1'.repeat(M)}`,
  'a chain of mixed operators': `local x = 2 return x${'+3-1*2'.repeat(M / 4)}`,
  'a chain compared': `local x = 1 return {(x${'+1'.repeat(M)}) == ${M + 1}, x${'+1'.repeat(M)} < 0}`,
  'a chain of and': `return 1${' and 1'.repeat(M)} and 'last'`,
  'a chain of or': `return false${' or false'.repeat(M)} or 'last'`,
  'a chain whose last term is a table': `local t = {} return 1${'+1'.repeat(M)}+t`,
  'a chain in a chunk loadstring compiles': `return loadstring('return 1${'+1'.repeat(M)}')()`,
  'a chain in a coroutine': `local x = 1 return coroutine.wrap(function() return x${'+1'.repeat(M)} end)()`,
  'a chain of calls in a coroutine': `local x = 1 return coroutine.wrap(function() return x${'+tonumber(1)'.repeat(C)} end)()`,
  'a chain of 100,000 fields': `local a = {} a.b = a return type(a${'.b'.repeat(M)})`,
  'a chain of 100,000 indexes': `local a = {} a[1] = a return type(a${'[1]'.repeat(M)})`,
  'a chain of 100,000 calls': `local function f() return f end return type(f${'()'.repeat(M)})`,
  'a chain of 100,000 method calls': `return ('X')${':lower()'.repeat(M)}`,
  'a chain of calls that fails in the middle': `local function f() return f end return f${'()'.repeat(M)}.x()`,
  'a chain of calls of calls in a coroutine': `local function f() return f end return coroutine.wrap(function() return type(f${'()'.repeat(C)}) end)()`,
  'a chain of calls that each yield': `local function f() coroutine.yield(1) return f end local co = coroutine.wrap(function() return type(f${'()'.repeat(C)}) end) local n = 0 while co() == 1 do n = n + 1 end return n`,
  'a chain of 400,000 concatenations': `return 'a'${"..'a'".repeat(N)}`,
  'a chain of 400,000 powers': `return 1${'^1'.repeat(N)}`,
  '400,000 nested parentheses': `return ${'('.repeat(N)}1${')'.repeat(N)}`,
  '400,000 nested tables': `return ${'{'.repeat(N)}${'}'.repeat(N)}`,
  '400,000 unary minuses': `return ${'- '.repeat(N)}1`,
  '300 nested function bodies': `return ${'function() return '.repeat(300)}1${' end'.repeat(300)}`,
};

/** The simulator's reply (every case answers an integer, ASCII text or an error, alike in both forms). */
function simulated(script: string): Reply {
  return createServer({}).call(['EVAL', script, '0']);
}

describe('long and deep expressions against a real redis-server', () => {
  for (const [name, script] of Object.entries(CASES)) {
    it(name, { timeout: 120_000 }, async () => {
      const expected = await real().eval(script);
      expect(simulated(script)).toEqual(expected);
    });
  }
});
