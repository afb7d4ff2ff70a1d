/**
 * The stepper and the one-shot command are one semantics: on generated scenarios, a run the
 * stepper walked to its end, with its recorded changes applied to the starting keyspace, gives
 * the same reply and the same whole keyspace as a one-shot call on the same state. A learner's
 * script is run in a worker and its run carried to the page by `postMessage`: the properties
 * hold for the run as the page receives it too (`viaWorker`), and that run is the page's own,
 * step for step.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dumpKeyspace, type KeyDump } from '@batch-lease/redis-sim';
import { formatDouble } from '@batch-lease/redis-sim/client';
import { BATCH_SHA, BATCH_SOURCE } from '@batch-lease/echomq';
import { evalshaArgs, extendsArgs } from '../../scenario/setup.ts';
import type { Scenario } from '../../scenario/types.ts';
import { defaultScenario, PRESETS } from '../../scenario/presets.ts';
import { buildRunIndex } from './run-index.ts';
import { keyspaceAt, selectReply } from '../views/selectors.ts';
import type { Executor } from '../../scenario/types.ts';
import { createSimTraceSource, serverFor, viewOfDump, type Change } from './trace-source.ts';
import { SCRIPT_EDITS, variantSource } from '../what-ifs/script-edits.ts';
import { generatedScriptArb, scenarioArb } from './generated-scripts.test-helper.ts';
import { answerTrace } from '../../console/trace-protocol.ts';
import { unpackRun } from '../../console/run-transfer.ts';
import type { TraceSource } from './trace-source.ts';

const SEED = 20_251_130;

/** The expiry deadlines after recorded changes, from the ones before (a key's absence ends its own). */
function applyToExpiries(start: Map<string, number>, changes: Change[]): Map<string, number> {
  const out = new Map(start);
  for (const c of changes) {
    if (c.kind === 'expiry') {
      if (c.after === null) out.delete(c.key);
      else out.set(c.key, c.after);
    }
  }
  return out;
}

/** Applies recorded changes to a dump, as the stepper does to its view, over the whole keyspace. */
function applyToDump(dump: Record<string, KeyDump>, changes: Change[]): Record<string, KeyDump> {
  const out: Record<string, KeyDump> = structuredClone(dump);
  for (const c of changes) {
    if (c.kind === 'zset') {
      const entry = (out[c.key] ??= { type: 'zset', value: [] });
      if (entry.type !== 'zset') throw new Error(`zset change on ${entry.type} ${c.key}`);
      const rest = entry.value.filter(([m]) => m !== c.member);
      if (c.after !== null) rest.push([c.member, formatDouble(c.after)]);
      // ZRANGE order: by score, then by member bytes
      rest.sort(
        ([ma, sa], [mb, sb]) => Number(sa) - Number(sb) || (ma < mb ? -1 : ma > mb ? 1 : 0),
      );
      if (rest.length === 0) delete out[c.key];
      else entry.value = rest;
    } else if (c.kind === 'list') {
      if (c.after === null) delete out[c.key];
      else out[c.key] = { type: 'list', value: [...c.after] };
    } else if (c.kind === 'set') {
      if (c.after === null) delete out[c.key];
      else out[c.key] = { type: 'set', value: [...c.after] };
    } else if (c.kind === 'string') {
      if (c.after === null) delete out[c.key];
      else out[c.key] = { type: 'string', value: c.after };
    } else if (c.kind === 'expiry') {
      continue;
    } else {
      const entry = (out[c.key] ??= { type: 'hash', value: [] });
      if (entry.type !== 'hash') throw new Error(`hash change on ${entry.type} ${c.key}`);
      const at = entry.value.findIndex(([f]) => f === c.field);
      if (c.after === null) {
        if (at >= 0) entry.value.splice(at, 1);
      } else if (at >= 0) entry.value[at] = [c.field, c.after];
      else entry.value.push([c.field, c.after]);
      if (entry.value.length === 0) delete out[c.key];
    }
  }
  return out;
}

/**
 * The trace source as the page meets it through the worker: the worker's answer to a trace
 * request, through the structured clone `postMessage` makes (its columns transferred), read back.
 */
function viaWorker(): TraceSource {
  const inWorker = createSimTraceSource();
  let id = 0;
  return (scenario, executor, script = null) => {
    const req = { kind: 'trace' as const, id: ++id, scenario, executor, script };
    const { reply, transfer } = answerTrace(req, inWorker);
    const received = structuredClone(reply, { transfer });
    if (received.kind !== 'traced')
      throw new Error(`the worker failed: ${JSON.stringify(received)}`);
    return unpackRun(received.run);
  };
}

function checkStepped(scenario: Scenario, executor: Executor, script: string | null = null) {
  const run = createSimTraceSource()(scenario, executor, script);
  if (run.status !== 'ready') throw new Error(run.reason);
  // the one-shot: the same script on a server in the same state, no steps kept (any other
  // text by EVAL of its source, which compiles, caches and runs it as SCRIPT LOAD + EVALSHA do)
  const oneShot = serverFor(scenario);
  const args =
    executor === 'native'
      ? extendsArgs(scenario)
      : script === null
        ? evalshaArgs(scenario, BATCH_SHA)
        : ['EVAL', script, ...evalshaArgs(scenario, BATCH_SHA).slice(2)];
  const reply = oneShot.call(args);
  const startKs = serverFor(scenario).keyspace;
  const start = dumpKeyspace(startKs);
  const all = run.steps.flatMap((s) => s.changes);
  const stepped = applyToDump(start, all);
  // every deadline the one-shot left, and none it did not, from the recorded expiry changes
  expect([...applyToExpiries(new Map(startKs.expiring()), all)].sort()).toEqual(
    [...oneShot.keyspace.expiring()].sort(),
  );
  // the reply the stepper shows at the last step, and the keyspace it shows there
  const ix = buildRunIndex(run);
  expect(selectReply(ix, ix.n)).toEqual(reply);
  expect(stepped).toEqual(dumpKeyspace(oneShot.keyspace));
  const final = keyspaceAt(ix, ix.n);
  const expected = viewOfDump(dumpKeyspace(oneShot.keyspace), scenario);
  expect([...final.active].sort()).toEqual([...expected.active].sort());
  expect(final.pending).toEqual(expected.pending);
  expect(
    new Map([...final.rows].map(([k, v]) => [k, v === 'wrongtype' ? v : Object.fromEntries(v)])),
  ).toEqual(
    new Map([...expected.rows].map(([k, v]) => [k, v === 'wrongtype' ? v : Object.fromEntries(v)])),
  );
}

describe('a stepped run equals the one-shot call', () => {
  it('on the default scenario and every preset (script)', () => {
    checkStepped(defaultScenario(), 'script');
    for (const p of PRESETS) checkStepped(p.build(), 'script');
  });

  it('for each counterfactual, on every preset and generated scenarios', () => {
    for (const e of SCRIPT_EDITS) {
      const text = variantSource(BATCH_SOURCE, e.variant)!;
      checkStepped(defaultScenario(), 'script', text);
      for (const p of PRESETS) checkStepped(p.build(), 'script', text);
      fc.assert(
        fc.property(scenarioArb, (s) => checkStepped(s, 'script', text)),
        { seed: SEED, numRuns: 100 },
      );
    }
  });

  it('for generated scripts (edits of the lesson’s and small scripts of their own)', () => {
    fc.assert(
      fc.property(scenarioArb, generatedScriptArb, (s, script) =>
        checkStepped(s, 'script', script),
      ),
      { seed: SEED, numRuns: 300 },
    );
  });

  // The same seed and arbitraries as the test above, so its first 150 cases are these: there
  // each page-made run equals the one-shot call, so here it is enough that the run the page
  // receives from the worker is that run, step for step (checking the worker's run against the
  // one-shot call again doubled this test's time and proved nothing more).
  it('for generated scripts run in the worker, as the page receives them', () => {
    const worker = viaWorker();
    const page = createSimTraceSource();
    fc.assert(
      fc.property(scenarioArb, generatedScriptArb, (s, script) => {
        const a = worker(s, 'script', script);
        const b = page(s, 'script', script);
        if (a.status !== 'ready' || b.status !== 'ready') return expect(a).toStrictEqual(b);
        expect([...a.steps]).toStrictEqual([...b.steps]);
        expect({ ...a, steps: null }).toStrictEqual({ ...b, steps: null });
      }),
      { seed: SEED, numRuns: 150 },
    );
  });

  it('on generated scenarios (script, wire 4)', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => checkStepped(s, 'script')),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('walks back to the starting keyspace from any step (checkpoints and the memo agree)', () => {
    fc.assert(
      fc.property(scenarioArb, fc.array(fc.nat(), { minLength: 1, maxLength: 12 }), (s, hops) => {
        const run = createSimTraceSource()(s, 'script');
        if (run.status !== 'ready') return;
        const ix = buildRunIndex(run);
        for (const h of hops) keyspaceAt(ix, h % (ix.n + 1));
        const back = keyspaceAt(ix, 0);
        expect([...back.active]).toEqual([...run.initial.active]);
        expect(back.pending).toEqual(run.initial.pending);
      }),
      { seed: SEED, numRuns: 150 },
    );
  });

  // The native twin is part of every simulated server, so wire 6 must hold the same property.
  it('on generated scenarios (native, wire 6)', () => {
    checkStepped(defaultScenario(), 'native');
    for (const p of PRESETS) if (p.build().caller === 'full') checkStepped(p.build(), 'native');
    fc.assert(
      fc.property(scenarioArb, (s) => checkStepped(s, 'native')),
      { seed: SEED, numRuns: 300 },
    );
  });
});
