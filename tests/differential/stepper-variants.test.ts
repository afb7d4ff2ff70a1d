/**
 * The stepper's counterfactuals are real scripts, so a real server must do with them what the
 * stepper shows: on every preset, each variant's text (the lesson's script with its edit, as
 * src/stepper/what-ifs/script-edits.ts makes it), loaded by SCRIPT LOAD and run by EVALSHA as the
 * stepper runs it, gives the same typed reply and the same whole keyspace on the frozen-clock
 * redis-server as on the simulator; and the stepper's own run of it (its trace, walked to the
 * end) shows that reply and that active set and pending list (for the clock-per-member edit,
 * the stepper's deadlines are later by its modelled clock advance, as a live server's are).
 */
import { describe, expect, test } from 'vitest';
import { buildRunIndex } from '../../src/stepper/runs/run-index.ts';
import { keyspaceAt } from '../../src/stepper/views/selectors.ts';
import { SCRIPT_EDITS, variantSource } from '../../src/stepper/what-ifs/script-edits.ts';
import { createSimTraceSource } from '../../src/stepper/runs/trace-source.ts';
import { queueKeys } from '../../src/scenario/keys.ts';
import { PRESETS } from '../../src/scenario/presets.ts';
import { keysAndArgv, setupCommands } from '../../src/scenario/setup.ts';
import { SCRIPT_TICK_MICROS } from '../../src/scenario/clock-model.ts';
import { BATCH_SOURCE } from '@batch-lease/echomq';
import { FROZEN_CLOCK_MS, FROZEN_DB } from '@batch-lease/redis-sim/differential/config.ts';
import {
  compareCase,
  describeLuaMismatch,
  type LuaCase,
} from '@batch-lease/redis-sim/differential/lua-compare.ts';
import {
  simSide,
  useFrozenReal,
  wireOfSim,
} from '@batch-lease/redis-sim/differential/lua-sides.ts';

const real = useFrozenReal(FROZEN_DB.stepperVariants);
const sim = simSide();
const trace = createSimTraceSource();

const SCRIPTS = [
  { name: 'the lesson’s script', text: BATCH_SOURCE },
  ...SCRIPT_EDITS.map((e) => ({ name: e.variant, text: variantSource(BATCH_SOURCE, e.variant)! })),
];

describe('the stepper’s counterfactuals on a real redis-server', () => {
  for (const { name, text } of SCRIPTS) {
    // a script that reads TIME per member sees the stepper's modelled advance (see below)
    const readsPerMember = name === 'clock-per-member';
    test(`${name}: every preset, same reply and keyspace as the simulator and the stepper`, async () => {
      let broken = 0;
      for (const preset of PRESETS) {
        // the stepper's scenario on the frozen server's clock, so TIME agrees on every side
        const scenario = { ...preset.build(), clockMs: FROZEN_CLOCK_MS };
        const { keys, argv } = keysAndArgv(scenario);
        const c: LuaCase = {
          name: `${name} on ${preset.id}`,
          script: text,
          keys,
          args: argv,
          setup: setupCommands(scenario),
          evalsha: true,
        };
        const o = await compareCase(real.side, sim, c);
        if (!o.match) throw new Error(describeLuaMismatch(c, o));
        const run = trace(scenario, 'script', text);
        if (run.status !== 'ready') throw new Error(run.reason);
        expect(wireOfSim(run.reply), c.name).toEqual(o.real.reply);
        // what the stepper shows at its last step: active and pending as the real server has them
        const view = keyspaceAt(buildRunIndex(run), run.steps.length);
        const k = queueKeys(scenario.queue);
        const entry = (key: string) => o.real.keyspace.find(([x]) => x === key)?.[1].value;
        const zset = (entry(k.active) ?? []) as string[];
        const active = new Map<string, number>();
        for (let i = 0; i < zset.length; i += 2) active.set(zset[i]!, Number(zset[i + 1]));
        if (keys[0] === k.active && !readsPerMember) {
          expect([...view.active].sort(), c.name).toEqual([...active].sort());
        } else if (keys[0] === k.active) {
          // the frozen server's reads all answer one time; the stepper's move on by the modelled
          // advance (SCRIPT_TICK_MICROS a command): the same members, each deadline later by
          // that drift, which never goes back in the order the members were re-scored
          expect([...view.active.keys()].sort(), c.name).toEqual([...active.keys()].sort());
          const order = run.steps.flatMap((s) => (s.event.kind === 'rescore' ? [s.event.id] : []));
          const drift = order.map((id) => view.active.get(id)! - active.get(id)!);
          const commands = run.steps.filter((s) => s.event.kind === 'rescore').length * 12;
          expect(
            drift.every((d, i) => d >= (i === 0 ? 0 : drift[i - 1]!)),
            c.name,
          ).toBe(true);
          expect(drift.at(-1) ?? 0).toBeLessThanOrEqual(
            Math.ceil((commands * SCRIPT_TICK_MICROS) / 1000),
          );
          for (const [id, score] of active)
            if (!order.includes(id)) expect(view.active.get(id), c.name).toBe(score);
        }
        expect(view.pending, c.name).toEqual(entry(k.pending) ?? []);
        broken += view.pending.filter((id) => view.active.has(id)).length;
      }
      // only the guardless script puts a reaped lease back in active while it waits in pending
      if (name === 'no-membership-guard') expect(broken).toBeGreaterThan(0);
      else expect(broken).toBe(0);
    }, 120_000);
  }
});
