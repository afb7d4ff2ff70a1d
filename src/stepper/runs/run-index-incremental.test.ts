/**
 * The run index answers from deltas (a walk over the change list from its memo or a snapshot,
 * a fold of locals deltas from a snapshot or its last answer). Checked against the same
 * answers computed from scratch, from the steps as plain objects, after every visit of a
 * generated visiting order; and a packed run against the same run traced into a plain array:
 * the same steps, byte for byte, and the same story at every step.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { dumpKeyspace, packedTraceOf } from '@batch-lease/redis-sim';
import { type ShownValue } from '@batch-lease/redis-sim/client';
import { BATCH_SHA, type StepEvent, type StepListing } from '@batch-lease/echomq';
import { callerOf } from '../../scenario/server.ts';
import { evalshaArgs, extendsArgs } from '../../scenario/setup.ts';
import { PRESETS, thousandLeases } from '../../scenario/presets.ts';
import type { Executor, Scenario } from '../../scenario/types.ts';
import { applyChange, cloneView, type KeyspaceView } from './keyspace-view.ts';
import { localsAt } from '../views/locals-index.ts';
import { selectLocals } from '../views/locals-at.ts';
import { selectCalls, selectChanges } from '../views/general-view.ts';
import { narrate } from '../words/narration.ts';
import { buildRunIndex, keyspaceAt, type RunIndex } from './run-index.ts';
import { serverFor, traceCall, viewOfDump, type ReadyRun } from './trace-source.ts';

const SEED = 20_261_201;

/** A script that is not the lesson's: general steps, nested scopes, shadowing, a table growing. */
const GENERAL = `local t = {}
local n = tonumber(ARGV[1])
for i = 1, n do
  local x = i * 2
  if x % 3 == 0 and i > 1 then
    local x = 'shadow'
    t[#t + 1] = x
  end
  redis.call('ZADD', KEYS[1], i, 'm' .. i)
end
local function f(a) local b = a return b end
return f(#t)`;

/** One run, traced twice on fresh servers in the same state: packed, and into a plain array. */
function traced(scenario: Scenario, executor: Executor, args?: string[]) {
  const command =
    args ?? (executor === 'script' ? evalshaArgs(scenario, BATCH_SHA) : extendsArgs(scenario));
  const server = serverFor(scenario);
  const initial = viewOfDump(dumpKeyspace(server.keyspace), scenario);
  // packed as the stepper packs every run it steps
  const { steps, reply } = traceCall(callerOf(server, scenario), command);
  const packed: ReadyRun = {
    status: 'ready',
    executor,
    listing: executor === 'script' ? 'extend_locks2.lua' : 'emq_extends.rs',
    steps,
    reply,
    initial,
    runId: server.runId,
    verbAnswer: '',
  };
  const again = serverFor(scenario);
  const plain: ReadyRun = {
    ...packed,
    steps: callerOf(again, scenario).trace<StepEvent, StepListing>(command).steps,
  };
  return { packed, plain };
}

/** The keyspace after k steps, from scratch: every change of the first k steps, in order. */
function keyspaceFromScratch(run: ReadyRun, k: number): KeyspaceView {
  const view = cloneView(run.initial);
  for (const s of run.steps.slice(0, k)) for (const c of s.changes) applyChange(view, c, 'forward');
  return view;
}

/** The locals after k steps, from scratch: every locals delta of the first k steps, folded. */
function localsFromScratch(run: ReadyRun, k: number) {
  let names: readonly string[] = [];
  const values: ShownValue[] = [];
  for (const s of run.steps.slice(0, k)) {
    if (s.locals?.scope) {
      names = s.locals.scope;
      values.length = names.length;
    }
    for (const [at, v] of s.locals?.set ?? []) values[at] = v;
  }
  const changed = k > 0 ? (run.steps[k - 1]!.locals?.set.map(([at]) => at) ?? []) : [];
  return { names: [...names], values, changed };
}

const plainView = (v: KeyspaceView) => ({
  active: [...v.active],
  rows: [...v.rows].map(([k, r]) => [k, r === 'wrongtype' ? r : [...r]]),
  pending: [...v.pending],
});

/**
 * The from-scratch answers at step k of a run, each computed once per run and step: a visiting
 * order comes back to the same steps many times (every step forward then back, forty generated
 * orders), and folding k steps again at each visit made the 60-lease runs quadratic. Kept as
 * plain copies, so a later visit that changed a shared map could not change them.
 */
const answersByRun = new WeakMap<ReadyRun, Map<number, ReturnType<typeof answersFromScratch>>>();
const answersFromScratch = (run: ReadyRun, k: number) => ({
  keyspace: plainView(keyspaceFromScratch(run, k)),
  locals: localsFromScratch(run, k),
});
function fromScratch(run: ReadyRun, k: number) {
  let byStep = answersByRun.get(run);
  if (!byStep) answersByRun.set(run, (byStep = new Map()));
  let answers = byStep.get(k);
  if (!answers) byStep.set(k, (answers = answersFromScratch(run, k)));
  return answers;
}

/**
 * Visits `hops` in order and checks each answer against the from-scratch one; and, at the end,
 * that no answer handed out (nor the run's first view) was changed by a later visit: views
 * share their maps until one of them changes (keyspace-view.ts), and a panel may still show one.
 */
function visit(ix: RunIndex, hops: readonly number[]): void {
  const handed: [KeyspaceView, ReturnType<typeof plainView>][] = [
    [ix.run.initial, plainView(ix.run.initial)],
  ];
  for (const h of hops) {
    const k = h % (ix.n + 1);
    const view = keyspaceAt(ix, k);
    const seen = plainView(view);
    const want = fromScratch(ix.run, k);
    expect(seen).toEqual(want.keyspace);
    handed.push([view, seen]);
    const l = localsAt(ix, k);
    expect({ names: [...l.names], values: [...l.values], changed: [...l.changed] }).toEqual(
      want.locals,
    );
  }
  for (const [view, seen] of handed) expect(plainView(view)).toEqual(seen);
}

const RUNS: { name: string; scenario: Scenario; executor: Executor; args?: string[] }[] = [
  ...PRESETS.filter((p) => p.id !== 'thousand').flatMap((p) =>
    (['script', 'native'] as const).map((executor) => ({
      name: `${p.id} on ${executor}`,
      scenario: p.build(),
      executor,
    })),
  ),
  { name: '60 leases on script', scenario: thousandLeases(60), executor: 'script' },
  { name: '60 leases on native', scenario: thousandLeases(60), executor: 'native' },
  {
    name: 'a general script',
    scenario: thousandLeases(2),
    executor: 'script',
    args: ['EVAL', GENERAL, '1', 'emq:{q}:active', '7'],
  },
];

/**
 * Visiting orders once found to matter, pinned by name: each walks a path of the index the
 * generated orders reach only by chance.
 */
const REGRESSIONS: { name: string; hops: (n: number) => number[] }[] = [
  { name: 'to the end and back to the start', hops: (n) => [n, 0, n] },
  {
    name: 'every step forward, then every step back',
    hops: (n) => [...Array(n + 1).keys(), ...[...Array(n + 1).keys()].reverse()],
  },
  {
    name: 'across every snapshot boundary',
    hops: (n) => [127, 128, 129, 255, 256, 0, 384, 383].map((k) => k % (n + 1)),
  },
  { name: 'one past the last answer after a far jump', hops: (n) => [n - 1, 1, 2, n, n - 2] },
];

describe('the run index against from-scratch answers', () => {
  for (const r of RUNS) {
    const { packed, plain } = traced(r.scenario, r.executor, r.args);

    it(`${r.name}: the packed run holds the very steps the plain trace holds`, () => {
      expect(JSON.stringify(packed.steps)).toBe(JSON.stringify(plain.steps));
      // and the index reads the packed columns themselves, not a copy built from the steps
      expect(buildRunIndex(packed).steps).toBe(packedTraceOf(packed.steps));
    });

    it(`${r.name}: tells the same story at every step, packed or plain`, () => {
      const a = buildRunIndex(packed);
      const b = buildRunIndex(plain);
      for (let k = 0; k <= a.n; k++) expect(narrate(a, k)).toEqual(narrate(b, k));
    });

    it(`${r.name}: keyspace and locals at any step, in any visiting order`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.nat(), { minLength: 1, maxLength: 16 }),
          fc.boolean(),
          (hops, dense) => {
            // a dense index keeps a snapshot every few changes, so its walks start from them too
            visit(buildRunIndex(packed, dense ? { changesPerCheckpoint: 3 } : {}), hops);
          },
        ),
        { seed: SEED, numRuns: 40 },
      );
    });

    it(`${r.name}: the locals panel's frames, read by column, as the plain steps fold them`, () => {
      const ix = buildRunIndex(packed);
      const built = vi.spyOn(ix.steps, 'step');
      const seen = [ix.n, 0, ix.n >> 1, Math.max(0, ix.n - 1), 300 % (ix.n + 1)].map((k) => ({
        k,
        locals: selectLocals(ix, k),
      }));
      const stepsBuilt = built.mock.calls.length;
      built.mockRestore();
      expect(stepsBuilt).toBe(0);
      for (const { k, locals } of seen) {
        const scratch = localsFromScratch(plain, k);
        expect(locals.map((l) => l.name)).toEqual(scratch.names);
        expect(locals.map((l) => l.value)).toEqual(
          scratch.names.map((_, i) => scratch.values[i] ?? null),
        );
      }
    });

    it(`${r.name}: the calls and changes so far, read by column, as the plain steps list them`, () => {
      const ix = buildRunIndex(packed);
      // the lists are read from the packed columns: no step is built to find them
      const built = vi.spyOn(ix.steps, 'step');
      const calls = selectCalls(ix, ix.n).all;
      const changes = selectChanges(ix, ix.n).all;
      const stepsBuilt = built.mock.calls.length;
      built.mockRestore();
      expect(stepsBuilt).toBe(0);
      expect(calls).toEqual(
        plain.steps.flatMap((s, step) =>
          s.event.kind === 'command'
            ? [{ step, line: s.line, args: s.event.args, reply: s.event.reply }]
            : [],
        ),
      );
      expect(changes).toEqual(
        plain.steps.flatMap((s, step) =>
          s.changes.map((change) => ({ step, line: s.line, change })),
        ),
      );
    });

    for (const reg of REGRESSIONS) {
      it(`${r.name}: regression, ${reg.name}`, () => {
        const ix = buildRunIndex(packed, { changesPerCheckpoint: 3 });
        visit(ix, reg.hops(ix.n));
        visit(buildRunIndex(plain), reg.hops(ix.n));
      });
    }
  }
});
