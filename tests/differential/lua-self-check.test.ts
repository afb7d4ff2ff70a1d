import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { FROZEN_DB, FUZZ_NUM_RUNS, LUA_SEED } from '@batch-lease/redis-sim/differential/config.ts';
import { isDeepStrictEqual } from 'node:util';
import {
  compareCase,
  describeLuaMismatch,
  runCase,
  type LuaCase,
} from '@batch-lease/redis-sim/differential/lua-compare.ts';
import { MUTANT_NAMES, mutantCase, mutantRunArb, mutantSources } from './lua-mutants.ts';
import { fuzzCaseArb } from '@batch-lease/redis-sim/differential/lua-fuzz-grammar.ts';
import { PANEL } from '@batch-lease/redis-sim/differential/lua-panel-cases.ts';
import { LUA_REGRESSIONS } from './lua-regressions.ts';
import {
  connectFrozen,
  realSide,
  wireOfSim,
  type Session,
  type Side,
} from '@batch-lease/redis-sim/differential/lua-sides.ts';
import type { RespClient, Wire } from '@batch-lease/redis-sim/differential/resp-client.ts';

// The Lua comparison must be able to fail, and must not fail when both sides
// agree. A second connection to the frozen server, on its own database, stands
// in for the simulator, so these checks hold whatever state the simulator package is in.

let a: RespClient;
let b: RespClient;
let real: Side;
let twin: Side;
beforeAll(async () => {
  a = await connectFrozen(FROZEN_DB.selfCheck);
  b = await connectFrozen(FROZEN_DB.selfCheckTwin);
  real = realSide(a);
  twin = realSide(b, 'twin');
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

/** The twin with its EVAL/EVALSHA reply replaced, or a write slipped in after it. */
function tampered(change: { reply?: (w: Wire) => Wire; write?: string[] }): Side {
  return {
    name: 'tampered twin',
    async fresh(): Promise<Session> {
      const s = await twin.fresh();
      return {
        caller: s.caller,
        async send(cmds) {
          const replies = await s.send(cmds);
          const last = cmds.length - 1;
          if (change.write) await s.send([change.write]);
          return replies.map((r, i) => (i === last && change.reply ? change.reply(r) : r));
        },
      };
    },
  };
}

const isWireError = (w: Wire) => typeof w === 'object' && w !== null && 'error' in w;

const probe: LuaCase = {
  name: 'probe',
  script: "redis.call('SET', KEYS[1], ARGV[1]) return {redis.call('SET', 'x', 1), 2^63, 'ok'}",
  keys: ['k'],
  args: ['v'],
};

describe('the Lua comparison', () => {
  test(`every panel case (${PANEL.length}) and pinned regression answers the same twice on the real server`, async () => {
    // a case whose answer moves between runs (a table address, the wall clock)
    // could never be matched; this also proves equal runs compare equal
    const bad: string[] = [];
    for (const c of [...PANEL, ...LUA_REGRESSIONS]) {
      const o = await compareCase(real, twin, c);
      if (!o.match) bad.push(describeLuaMismatch(c, o));
    }
    expect(bad.join('\n\n')).toBe('');
  }, 120_000);

  test('the first 150 mutant runs answer the same twice on the real server, and the mutants run', async () => {
    const sources = mutantSources();
    const runs = fc.sample(mutantRunArb, { seed: LUA_SEED, numRuns: 150 });
    const compiled = new Set<string>();
    const changed = new Set<string>();
    const bad: string[] = [];
    for (const run of runs) {
      const c = mutantCase(run, sources);
      const o = await compareCase(real, twin, c);
      if (!o.match) bad.push(describeLuaMismatch(c, o));
      if (!JSON.stringify(o.real.reply).includes('Error compiling')) compiled.add(run.mutant);
      // the same scenario under the unmutated script, on the twin's database
      const origin = run.mutant.startsWith('single') ? 'single' : 'batch';
      if (run.mutant !== origin) {
        const base = await runCase(twin, mutantCase({ ...run, mutant: origin }, sources));
        // error texts name the script's sha and line, which every edit changes
        const errs = isWireError(base.reply) && isWireError(o.real.reply);
        if (!isDeepStrictEqual(base.keyspace, o.real.keyspace)) changed.add(run.mutant);
        else if (!errs && !isDeepStrictEqual(base.reply, o.real.reply)) changed.add(run.mutant);
      }
    }
    expect(bad.join('\n\n')).toBe('');
    expect([...compiled].sort()).toEqual([...MUTANT_NAMES].sort());
    // every edit shows on some scenario, except TIME per member: under one frozen
    // clock every TIME read answers the same instant, which is the point of freezing it
    const silent = MUTANT_NAMES.filter((m) => m !== 'batch' && m !== 'single' && !changed.has(m));
    expect(silent).toEqual(['batch: TIME per member']);
  }, 120_000);

  test(`the ${FUZZ_NUM_RUNS} generated scripts answer the same twice on the real server`, async () => {
    const bad: string[] = [];
    let errors = 0;
    for (const c of fc.sample(fuzzCaseArb, { seed: LUA_SEED, numRuns: FUZZ_NUM_RUNS })) {
      const o = await compareCase(real, twin, c);
      if (!o.match) bad.push(describeLuaMismatch(c, o));
      if (isWireError(o.real.reply)) errors++;
    }
    expect(bad.join('\n\n')).toBe('');
    // most scripts must run to their return, and enough must fail to test error wording
    expect(errors).toBeGreaterThanOrEqual(FUZZ_NUM_RUNS * 0.15);
    expect(FUZZ_NUM_RUNS - errors).toBeGreaterThanOrEqual(FUZZ_NUM_RUNS * 0.35);
  }, 120_000);

  test('the probe agrees with itself and its reply keeps types', async () => {
    const o = await compareCase(real, twin, probe);
    expect(o.match, describeLuaMismatch(probe, o)).toBe(true);
    expect(o.real.reply).toEqual([{ status: 'OK' }, { int: '-9223372036854775808' }, 'ok']);
  });

  test('a status reply answered as a bulk string is caught', async () => {
    const side = tampered({ reply: (w) => (Array.isArray(w) ? ['OK', ...w.slice(1)] : w) });
    const o = await compareCase(real, side, probe);
    expect(o.match).toBe(false);
    expect(describeLuaMismatch(probe, o)).toContain('reply   sim: ["OK",');
  });

  test('an integer off by one beyond 2^53 is caught', async () => {
    const side = tampered({
      reply: (w) => (Array.isArray(w) ? [w[0] ?? null, { int: '-9223372036854775807' }, 'ok'] : w),
    });
    expect((await compareCase(real, side, probe)).match).toBe(false);
  });

  test('an error text that differs by one character is caught', async () => {
    const c: LuaCase = { name: 'err', script: 'local x; return x + 1' };
    const side = tampered({
      reply: (w) =>
        typeof w === 'object' && w !== null && 'error' in w ? { error: w.error + ' ' } : w,
    });
    const o = await compareCase(real, side, c);
    expect(o.real.reply).toMatchObject({ error: expect.stringContaining("local 'x'") });
    expect(o.match).toBe(false);
  });

  test('a write the script did not make is caught in the keyspace', async () => {
    const o = await compareCase(real, tampered({ write: ['SET', 'extra', '1'] }), probe);
    expect(o.match).toBe(false);
    expect(describeLuaMismatch(probe, o)).toContain('key "extra"');
  });

  test('a value that is not UTF-8 is compared as bytes', async () => {
    const c: LuaCase = {
      name: 'bytes',
      script: "redis.call('SET', 'b', string.char(255, 0)) return string.char(200)",
    };
    const o = await compareCase(real, twin, c);
    expect(o.match).toBe(true);
    expect(o.real.reply).toEqual({ bytes: 'c8' });
    expect(o.real.keyspace).toEqual([
      ['b', { type: 'string', value: '\u{FFFD}bytes:ff00\u{FFFD}' }],
    ]);
  });
});

describe("the simulator's replies in the typed form", () => {
  test('strings are bulk, numbers integers, typed status and errors kept', () => {
    expect(wireOfSim('OK')).toBe('OK');
    expect(wireOfSim({ status: 'OK' })).toEqual({ status: 'OK' });
    expect(wireOfSim({ ok: 'OK' })).toEqual({ status: 'OK' });
    expect(wireOfSim(3)).toEqual({ int: '3' });
    expect(wireOfSim(2n ** 63n - 1n)).toEqual({ int: '9223372036854775807' });
    expect(wireOfSim(null)).toBeNull();
    expect(wireOfSim([1, 'a', null, { error: 'E x' }])).toEqual([
      { int: '1' },
      'a',
      null,
      { error: 'E x' },
    ]);
    expect(wireOfSim(1.5)).toMatchObject({ error: expect.stringContaining('non-integer') });
  });
});
