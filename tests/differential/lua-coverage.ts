/**
 * What the Lua suites' streams reach, counted without a server: the mutant
 * stream through the scenario model's fates, the fuzzer's scripts by the
 * constructs their text holds. The coverage test holds them to minimums, so a
 * generator that stops reaching a corner fails instead of passing quietly.
 */
import { ODD_TOKENS } from './arbitraries.ts';
import { reachedFates } from './classify.ts';
import type { Coverage } from './coverage.ts';
import type { LuaCase } from '@batch-lease/redis-sim/differential/lua-compare.ts';
import { LUA_LEASES, type MutantRun } from './lua-mutants.ts';

function bump(c: Coverage, key: string): void {
  c.set(key, (c.get(key) ?? 0) + 1);
}

const LUA_LEASE_SET: ReadonlySet<string> = new Set(LUA_LEASES);

/** Per mutant: runs, re-scores reached, aborts on a wrong-type row, and the leases that reach arithmetic. */
export function measureMutants(stream: MutantRun[]): Coverage {
  const c: Coverage = new Map();
  for (const { mutant, scenario: s } of stream) {
    bump(c, `mutant:${mutant}`);
    const fates = reachedFates(s);
    const rescores = fates.some((f) => f === 'live' || f === 'lane');
    if (rescores) bump(c, `${mutant} re-scores`);
    if (fates.includes('wrong-type-row')) bump(c, `${mutant} meets a wrong-type row`);
    if (fates.includes('reaped')) bump(c, `${mutant} meets a reaped lease`);
    if (s.script === 'batch' && s.pairs.length === 0) bump(c, `${mutant} empty batch`);
    if (rescores && LUA_LEASE_SET.has(s.lease)) bump(c, `lease:${JSON.stringify(s.lease)}`);
    // a token that differs from the row's attempts as a string but not as a number
    const byId = new Map(s.jobs.map((j) => [j.id, j]));
    const numericMatch = s.pairs.slice(0, fates.length).some(([id, token], i) => {
      const row = byId.get(id)?.row;
      const att =
        row?.kind === 'hash' ? row.fields.find(([f]) => f === 'attempts')?.[1] : undefined;
      return (
        fates[i] === 'stale' &&
        att !== undefined &&
        (ODD_TOKENS as readonly string[]).includes(token) &&
        Number(att) === Number(token) &&
        token.trim() !== ''
      );
    });
    if (numericMatch) bump(c, `${mutant} token equal only as a number`);
  }
  return c;
}

/** The constructs a generated script can hold, by a piece of its text. */
export const FUZZ_CONSTRUCTS: Array<[name: string, text: string]> = [
  ['redis.call', 'redis.call('],
  ['redis.pcall', 'redis.pcall('],
  ['a write to the keyspace', "redis.call('SET'"],
  ['TIME', "'TIME'"],
  ['numeric for', 'for i = '],
  ['bounded while', 'while n < 4'],
  ['if', '\nif '],
  ['pairs', 'in pairs(t)'],
  ['ipairs', 'in ipairs(t)'],
  ['pcall of a function', 'pcall(function'],
  ['error()', 'error('],
  ['string.format', 'string.format('],
  ['string.gsub', 'string.gsub('],
  ['string.match', 'string.match('],
  ['string.rep', 'string.rep('],
  ['tostring', 'tostring('],
  ['tonumber', 'tonumber('],
  ['concatenation', ' .. '],
  ['modulo', ' % '],
  ['power', ' ^ '],
  ['comparison', ' < '],
  ['and/or', ' and '],
  ['length', '#'],
  ['table.insert', 'table.insert('],
  ['table.sort', 'table.sort('],
  ['table.concat', 'table.concat('],
  ['cjson.encode', 'cjson.encode('],
  ['cjson.decode', 'cjson.decode('],
  ['bit', 'bit.'],
  ['redis.sha1hex', 'redis.sha1hex('],
  ['status reply', 'redis.status_reply('],
  ['error reply', 'redis.error_reply('],
  ['{err=} reply', 'return {err ='],
  ['nested table return', 'return {t, {a}, b}'],
  ['nan', '0/0'],
  ['inf', '1/0'],
  ['2^63', '2^63'],
];

/** How many generated scripts hold each construct, and each setup and ARGV shape. */
export function measureFuzz(stream: LuaCase[]): Coverage {
  const c: Coverage = new Map();
  for (const k of stream) {
    for (const [name, text] of FUZZ_CONSTRUCTS) if (k.script.includes(text)) bump(c, name);
    bump(c, `setup of ${k.setup?.length ?? 0} commands`);
    bump(c, `argv ${JSON.stringify(k.args ?? [])}`);
    const lines = k.script.split('\n').length;
    if (lines >= 12) bump(c, 'twelve lines or more');
  }
  return c;
}
