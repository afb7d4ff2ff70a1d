import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Caller } from '@batch-lease/redis-sim/differential/caller.ts';
import { compareScenario, describeMismatch, type Harness } from './compare.ts';
import { DB } from '@batch-lease/redis-sim/differential/config.ts';
import { dumpKeyspace } from '@batch-lease/redis-sim/differential/keyspace-dump.ts';
import { connectReal, type RealServer } from '@batch-lease/redis-sim/differential/real-server.ts';
import type { Scenario } from './scenario.ts';
import { sha1 } from '@batch-lease/redis-sim/differential/lua-compare.ts';
import { loadScripts, readScriptSources } from './scripts.ts';

// The comparison must be able to fail. These checks run the harness with a second
// real connection standing in for the simulator, so they hold without the simulator package.

let real: RealServer;
let twin: RealServer;
let h: Harness;

/** The twin as a fresh "simulator": its own database, emptied first. */
async function freshTwin(): Promise<Caller> {
  await twin.call(['FLUSHDB']);
  return twin;
}

beforeAll(async () => {
  const port = inject('redisPort');
  real = await connectReal(port, DB.selfCheck);
  twin = await connectReal(port, DB.selfCheckTwin);
  const sources = readScriptSources();
  h = { real, sources, shas: await loadScripts(real, sources), createSim: freshTwin };
});
afterAll(async () => {
  await real?.quit();
  await twin?.quit();
});

/** Nothing is re-scored here (every token is stale), so the clock cannot matter. */
const noRescore: Scenario = {
  script: 'batch',
  queue: 'q',
  active: 'zset',
  jobs: [
    {
      id: 'J0',
      row: {
        kind: 'hash',
        fields: [
          ['attempts', '2'],
          ['group', 'g1'],
        ],
      },
      activeScore: '1.5',
      pending: false,
    },
    { id: 'J1', row: { kind: 'none' }, activeScore: 'inf', pending: false },
    {
      id: 'J2',
      row: { kind: 'hash', fields: [['attempts', '1']] },
      activeScore: null,
      pending: true,
    },
  ],
  pairs: [
    ['J0', '02'],
    ['J1', '1'],
    ['J2', '1'],
    ['nope', '1'],
  ],
  trailing: 'J0',
  lease: '1000',
  bystanders: true,
};

describe('the differential harness', () => {
  test('the scripts load under the SHA1 of the files on disk', () => {
    const sources = readScriptSources();
    expect(h.shas).toEqual({ batch: sha1(sources.batch), single: sha1(sources.single) });
  });

  test('the keyspace dump reads every type, sorted by key, scores as the server prints them', async () => {
    await real.pipeline([
      ['FLUSHDB'],
      ['ZADD', 'z', '1e20', 'a', '1.5', 'b', 'inf', 'c'],
      ['HSET', 'h', 'b', '2', 'a', '1'],
      ['RPUSH', 'l', 'x', 'y'],
      ['SET', 's', ''],
    ]);
    expect(await dumpKeyspace(real)).toEqual([
      ['h', { type: 'hash', value: ['b', '2', 'a', '1'] }],
      ['l', { type: 'list', value: ['x', 'y'] }],
      ['s', { type: 'string', value: '' }],
      ['z', { type: 'zset', value: ['b', '1.5', 'a', '1e+20', 'c', 'inf'] }],
    ]);
  });

  test('error replies come back whole, as { error }', async () => {
    await real.call(['SET', 'k', 'v']);
    expect(await real.call(['HGET', 'k', 'f'])).toEqual({
      error: 'WRONGTYPE Operation against a key holding the wrong kind of value',
    });
    expect(await real.call(['EVALSHA', '0'.repeat(40), '0'])).toEqual({
      error: 'NOSCRIPT No matching script. Please use EVAL.',
    });
  });

  test('a server agrees with itself when the clock cannot matter', async () => {
    const o = await compareScenario(h, noRescore);
    expect(o.match, describeMismatch(noRescore, o)).toBe(true);
    expect(o.real.reply).toEqual(['J0', 'J1', 'J2', 'nope']);
  });

  test('a tampered reply is caught', async () => {
    const tampered: Harness = {
      ...h,
      createSim: async () => {
        const t = await freshTwin();
        return {
          call: async (args) => (args[0] === 'EVALSHA' ? ['J0'] : t.call(args)),
          pipeline: (cmds) => t.pipeline(cmds),
        };
      },
    };
    const o = await compareScenario(tampered, noRescore);
    expect(o.match).toBe(false);
    expect(describeMismatch(noRescore, o)).toContain('reply   sim: ["J0"]');
  });

  test('a tampered keyspace is caught', async () => {
    const tampered: Harness = {
      ...h,
      createSim: async () => {
        const t = await freshTwin();
        return {
          call: async (args) => {
            const reply = await t.call(args);
            if (args[0] === 'EVALSHA') await t.call(['HSET', 'emq:{q}:job:J0', 'lease_epoch', 'x']);
            return reply;
          },
          pipeline: (cmds) => t.pipeline(cmds),
        };
      },
    };
    const o = await compareScenario(tampered, noRescore);
    expect(o.match).toBe(false);
    expect(describeMismatch(noRescore, o)).toContain('key "emq:{q}:job:J0"');
  });

  test('the real now is read back from a re-scored member and lies in the TIME bracket', async () => {
    const live: Scenario = { ...noRescore, pairs: [['J0', '2']], trailing: null, lease: '30000' };
    const o = await compareScenario(h, live);
    expect(o.alignment).toBe('readback');
    expect(o.now).toBeGreaterThanOrEqual(o.window[0]);
    expect(o.now).toBeLessThanOrEqual(o.window[1]);
    const active = o.real.keyspace.find(([k]) => k === 'emq:{q}:active')?.[1].value;
    expect(active).toContain(String(o.now + 30000));
  });

  test('an odd lease falls back to the bracket', async () => {
    const o = await compareScenario(h, { ...noRescore, pairs: [['J0', '2']], lease: '1.5' });
    expect(o.alignment).toBe('bracket');
    expect(o.window[1] - o.window[0]).toBeLessThan(1000);
  });
});
