/**
 * What TIME answers inside one script, on a live redis-server 7.0.15 (its clock not frozen) and
 * on the stepper's server. Redis 7.0's TIME reads the system clock on every call
 * (`timeCommand`'s gettimeofday; a script's start time is kept only for key expiry), so reads in
 * one script move on; the stepper models that advance (`SCRIPT_TICK_MICROS` per command the
 * script sends) and says it is modelled. What is deterministic is compared exactly: the reply,
 * every key but the active set's scores, and the members of active; the scores are checked for
 * what holds on both sides: one deadline for every member when the clock is read once, and
 * deadlines that never go back, in the order the members were re-scored, when it is read per
 * member.
 */
import { describe, expect, test } from 'vitest';
import { SCRIPT_TICK_MICROS } from '../../src/scenario/clock-model.ts';
import { variantSource } from '../../src/stepper/what-ifs/script-edits.ts';
import { createSimTraceSource, serverFor } from '../../src/stepper/runs/trace-source.ts';
import { queueKeys } from '../../src/scenario/keys.ts';
import { presetById } from '../../src/scenario/presets.ts';
import { evalshaArgs, setupCommands } from '../../src/scenario/setup.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { sha1Hex } from '@batch-lease/redis-sim/client';
import { BATCH_SOURCE } from '@batch-lease/echomq';
import { syncCaller } from '@batch-lease/redis-sim/differential/caller.ts';
import { dumpKeyspace, type Keyspace } from '@batch-lease/redis-sim/differential/keyspace-dump.ts';
import { useOwnRedis } from '@batch-lease/redis-sim/differential/own-redis.ts';

const own = useOwnRedis();

const micros = (r: unknown, at: number): number => {
  const t = r as string[];
  return Number(t[at]) * 1_000_000 + Number(t[at + 1]);
};

const TWO_READS =
  "local a = redis.call('TIME') for i = 1, 200 do redis.call('PING') end local b = redis.call('TIME') return {a[1], a[2], b[1], b[2]}";

describe('TIME inside one script', () => {
  test('a live redis-server answers a later time to a later read; the stepper’s server models it', async () => {
    const r = await own.real.call(['EVAL', TWO_READS, '0']);
    // the 200 PINGs between the two reads take real time on the server
    expect(micros(r, 2)).toBeGreaterThan(micros(r, 0));
    // the stepper's server: the second read is the 202nd command, so 201 ticks later
    const sim = serverFor(presetById('default').build());
    const s = sim.call(['EVAL', TWO_READS, '0']);
    expect(micros(s, 2) - micros(s, 0)).toBe(201 * SCRIPT_TICK_MICROS);
    // outside a script nothing is modelled: TIME is the scenario's clock
    const top = sim.call(['TIME']);
    expect(micros(top, 0)).toBe(presetById('default').build().clockMs * 1000);
  });
});

/** The keyspace without the active set's scores (its members kept, in member order). */
function withoutScores(ks: Keyspace, active: string): Keyspace {
  return ks.map(([key, e]) => {
    if (key !== active) return [key, e];
    const flat = e.value as string[];
    const members = flat.filter((_, i) => i % 2 === 0).sort();
    return [key, { type: e.type, value: members }];
  });
}

/** Each member's deadline, from a ZRANGE … WITHSCORES reply. */
function scoresOf(ks: Keyspace, active: string): Map<string, number> {
  const flat = (ks.find(([k]) => k === active)?.[1].value ?? []) as string[];
  const out = new Map<string, number>();
  for (let i = 0; i < flat.length; i += 2) out.set(flat[i]!, Number(flat[i + 1]));
  return out;
}

async function onBoth(scenario: Scenario, script: string) {
  await own.real.call(['FLUSHALL']);
  for (const cmd of setupCommands(scenario)) await own.real.call(cmd);
  const sha = await own.real.call(['SCRIPT', 'LOAD', script]);
  expect(sha).toBe(sha1Hex(script));
  const reply = await own.real.call(evalshaArgs(scenario, sha as string));
  const realKs = await dumpKeyspace(own.real);
  // the stepper's run, and the one-shot on the stepper's server (the same model)
  const run = createSimTraceSource()(scenario, 'script', script);
  if (run.status !== 'ready') throw new Error(run.reason);
  const sim = serverFor(scenario);
  sim.call(['SCRIPT', 'LOAD', script]);
  const simReply = sim.call(evalshaArgs(scenario, sha1Hex(script)));
  const simKs = await dumpKeyspace(syncCaller(sim));
  // the members in the order the script re-scored them
  const order = run.steps.flatMap((s) => (s.event.kind === 'rescore' ? [s.event.id] : []));
  return { reply, realKs, run, simReply, simKs, order };
}

const nonDecreasing = (xs: readonly number[]) => xs.every((x, i) => i === 0 || x >= xs[i - 1]!);

describe('the lesson’s script and the clock-per-member edit on a live server', () => {
  const scenario = presetById('thousand').build();
  const active = queueKeys(scenario.queue).active;

  test('read once: every re-scored member gets the same deadline, on both sides', async () => {
    const { reply, realKs, simReply, simKs, order } = await onBoth(scenario, BATCH_SOURCE);
    expect(simReply).toEqual(reply);
    expect(withoutScores(simKs, active)).toEqual(withoutScores(realKs, active));
    for (const ks of [realKs, simKs]) {
      const scores = scoresOf(ks, active);
      expect(new Set(order.map((id) => scores.get(id))).size).toBe(1);
    }
  }, 120_000);

  test('read per member: the same reply and keys, and deadlines that never go back', async () => {
    const edit = variantSource(BATCH_SOURCE, 'clock-per-member')!;
    const { reply, realKs, run, simReply, simKs, order } = await onBoth(scenario, edit);
    expect(simReply).toEqual(reply);
    expect(withoutScores(simKs, active)).toEqual(withoutScores(realKs, active));
    expect(order.length).toBeGreaterThan(500);
    for (const ks of [realKs, simKs]) {
      const scores = scoresOf(ks, active);
      expect(nonDecreasing(order.map((id) => scores.get(id)!))).toBe(true);
    }
    // the stepper's deadlines: the modelled drift, exactly as its own trace told them
    const told = new Map(
      run.steps.flatMap((s) => (s.event.kind === 'rescore' ? [[s.event.id, s.event.score]] : [])),
    );
    const simScores = scoresOf(simKs, active);
    for (const id of order) expect(simScores.get(id)).toBe(told.get(id));
    const deadlines = order.map((id) => simScores.get(id)!);
    // about 12 commands per member at 3 µs each: a thousand members span about 11 ms
    expect(deadlines.at(-1)! - deadlines[0]!).toBeGreaterThan(5);
  }, 120_000);
});
