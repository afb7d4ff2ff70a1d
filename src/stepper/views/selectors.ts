/**
 * Pure selectors: everything the visualizer shows at step k, derived from the run index.
 * The machine keeps only the trace and the index k; these functions do the rest.
 */
import type { MemberVerdict } from '../../vocabulary/index.ts';
import { type Scenario, queueKeys } from '../../scenario/index.ts';
import type { KeyspaceView } from '../runs/keyspace-view.ts';
import { memoOf } from './memo.ts';
import { keyspaceAt, type MemberInfo, type RunIndex } from '../runs/run-index.ts';
import type { Check, Reply, StepperStep } from '../runs/trace-source.ts';

export { keyspaceAt };

/** The step just taken (the one the code view highlights), or null before the first. */
export function selectStep(ix: RunIndex, k: number): StepperStep | null {
  return k > 0 && k <= ix.n ? ix.steps.step(k - 1) : null;
}

/** The failed list as the run has built it after k steps. */
export function selectFailed(ix: RunIndex, k: number): string[] {
  const count = ix.failedAt[Math.min(k, ix.n)]!;
  const last = lastFailed.get(ix);
  if (last && last.length === count) return last;
  const list = ix.failedIds.slice(0, count);
  lastFailed.set(ix, list);
  return list;
}
const lastFailed = new WeakMap<RunIndex, string[]>();

/** One TIME read as the clock panel shows it. */
export interface ClockView {
  seconds: string;
  micros: string;
  now: number;
  step: number;
}
const clocks = new WeakMap<RunIndex, Map<number, ClockView>>();

/** The latest TIME read after k steps, or null before the clock is read. */
export function selectClock(ix: RunIndex, k: number): ClockView | null {
  const at = ix.lastClock[Math.min(k, ix.n)]!;
  if (at < 0) return null;
  const e = ix.steps.event(at);
  if (e.kind !== 'clock') return null;
  const byStep = memoOf(clocks, ix, () => new Map<number, ClockView>());
  return memoOf(byStep, at, () => ({
    seconds: e.seconds,
    micros: e.micros,
    now: e.now,
    step: at,
  }));
}

/** The loop pointer i and #ARGV after k steps. */
export function selectPointer(ix: RunIndex, k: number): { i: number; argc: number | null } | null {
  const at = ix.lastPointer[Math.min(k, ix.n)]!;
  if (at < 0) return null;
  const e = ix.steps.event(at);
  if (e.kind === 'loop') return { i: e.i, argc: e.argc };
  if (e.kind === 'pair' || e.kind === 'advance') return { i: e.i, argc: null };
  return null;
}

/** The member the run stands on after k steps (the last step's), or null. */
export function selectCurrentMember(ix: RunIndex, k: number): number | null {
  for (let s = Math.min(k, ix.n) - 1; s >= 0; s--) {
    const m = ix.steps.group(s);
    if (m !== null) return m;
    // the last step was outside the loop: nobody is current
    return null;
  }
  return null;
}

/** What a member's verdict cell says after k steps (see the vocabulary's MEMBER_VERDICTS). */
export type Verdict = MemberVerdict;

/** A member's state after k steps (see {@link selectMemberState}). */
export interface MemberState {
  checks: { check: Check; passed: boolean }[];
  verdict: Verdict;
  /**
   * Once the member is re-scored: what its ZADD did to the sets (`rescoreKind`); null before,
   * and for every other verdict.
   */
  rescore: RescoreKind | null;
  /** the native command has refused by step k, so nothing was written for this member */
  refused: boolean;
  info: MemberInfo | null;
}

/** What a member shows after k steps: the checks lit so far and the verdict once reached. */
export function selectMemberState(ix: RunIndex, k: number, m: number): MemberState {
  const info = ix.members[m] ?? null;
  const refused = ix.refusedAt >= 0 && ix.refusedAt < k;
  if (!info) return { checks: [], verdict: 'pending', rescore: null, refused, info };
  const checks = info.checks
    .filter((c) => c.step < k)
    .map(({ check, passed }) => ({ check, passed }));
  const reached = info.verdictStep >= 0 && info.verdictStep < k;
  let verdict: Verdict = 'pending';
  if (reached) {
    if (info.outcome === 'unwritten') verdict = 'live';
    else if (info.outcome === 'rescored') verdict = info.rescoreStep < k ? 'rescored' : 'live';
    else if (info.outcome !== 'unreached') verdict = info.outcome;
  }
  const rescore = verdict === 'rescored' ? rescoreKind(ix, info) : null;
  return { checks, verdict, rescore, refused, info };
}

/**
 * What a member's ZADD does to the sets: `extends` a lease in active (the lesson's script, where
 * the membership guard lets only those through), `resurrects` a reaped id (puts it back into
 * active while it still waits in pending, an invariant broken), or `adds` an id that was in
 * neither (a lease made anew). Only a script without the guard does the last two.
 */
export type RescoreKind = 'extends' | 'resurrects' | 'adds';

/**
 * What member `info`'s ZADD did. Told by the ZADD's own change to active where it has one (a
 * member's cell asks on every step, and the 1,000-lease run sizes 1,000 cells at once: reading
 * whole keyspaces at two steps each thrashed the index's one-step memo), and from the keyspace
 * after it only for the rare ZADD that added the id, to tell a resurrection from a new lease.
 */
export function rescoreKind(ix: RunIndex, info: MemberInfo): RescoreKind {
  const s = info.rescoreStep;
  if (s < 0) return 'extends';
  const known = rescoreKinds.get(ix) ?? new Map<number, RescoreKind>();
  rescoreKinds.set(ix, known);
  let kind = known.get(info.member);
  if (kind === undefined) {
    const added = addedToActive(ix, s, info.id);
    kind = !added
      ? 'extends'
      : keyspaceAt(ix, s + 1).pending.includes(info.id)
        ? 'resurrects'
        : 'adds';
    known.set(info.member, kind);
  }
  return kind;
}
const rescoreKinds = new WeakMap<RunIndex, Map<number, RescoreKind>>();

/** Whether step `s` put `id` into active, where it was not (read from the step's changes). */
function addedToActive(ix: RunIndex, s: number, id: string): boolean {
  const active = ix.run.initial.keys?.active;
  const { changes } = ix.steps;
  for (let i = ix.steps.changeStart(s); i < ix.steps.changeStart(s + 1); i++) {
    const c = changes[i]!;
    if (c.kind === 'zset' && c.member === id && (active === undefined || c.key === active))
      return c.before === null;
  }
  // no change to the id's score at this step (a ZADD of the score it had): it was in active
  return !keyspaceAt(ix, s).active.has(id);
}

/** The run's reply once the run has ended at or before k, or null while it runs. */
export function selectReply(ix: RunIndex, k: number): Reply | null {
  if (k < ix.n) return null;
  return memoOf(replies, ix, () => ({ reply: finalReply(ix) })).reply;
}
const replies = new WeakMap<RunIndex, { reply: Reply }>();

function finalReply(ix: RunIndex): Reply {
  for (let s = ix.n - 1; s >= 0; s--) {
    const kind = ix.steps.kind(s);
    if (kind !== 'reply' && kind !== 'error') continue;
    const e = ix.steps.event(s);
    if (e.kind === 'reply') return e.reply;
    if (e.kind === 'error') return { error: e.error };
  }
  return ix.run.reply;
}

/** The last k boundary before `k` and the next after it, for stepping by member. */
export function selectMemberTargets(ix: RunIndex, k: number): { back: number; forward: number } {
  let back = 0;
  let forward = ix.n;
  for (const b of ix.boundaries) {
    if (b < k) back = b;
    if (b > k) {
      forward = b;
      break;
    }
  }
  return { back, forward };
}

export interface ActiveRow {
  id: string;
  before: number | null;
  after: number | null;
}

/**
 * The whole active set around the held pairs at a view of `ix` (from keyspaceAt): each held id
 * with its score before the run and at the view, plus members of active the batch does not
 * name; the same array per view. The panel builds only its window ({@link activeWindowAt});
 * this whole list is what that window is checked against.
 */
export function activeRowsAt(ix: RunIndex, view: KeyspaceView): ActiveRow[] {
  // a view belongs to one run index, so the view alone keys the rows
  return memoOf(activeRows, view, () => activeRowsOf(ix, view));
}
const activeRows = new WeakMap<KeyspaceView, ActiveRow[]>();

function activeRowsOf(ix: RunIndex, view: KeyspaceView): ActiveRow[] {
  const { ids } = initialOrderOf(ix);
  return [...ids, ...addedIdsOf(ix, view)].map((id) => activeRow(ix, view, id));
}

const activeRow = (ix: RunIndex, view: KeyspaceView, id: string): ActiveRow => ({
  id,
  before: ix.run.initial.active.get(id) ?? null,
  after: view.active.get(id) ?? null,
});

/** The rows {@link activeRowsAt} would give from `from` up to `to`, and how many it gives. */
export interface ActiveWindow {
  rows: ActiveRow[];
  from: number;
  total: number;
}

/**
 * The window of {@link activeRowsAt}'s rows that {@link windowAround} centres on `focusId` (the
 * first row's place when no row is it): only those rows are made, so a step that moves the
 * window through a thousand members builds `size` rows, not a thousand, and a step that changes
 * no key gives the same object.
 */
export function activeWindowAt(
  ix: RunIndex,
  view: KeyspaceView,
  focusId: string | null,
  size: number,
): ActiveWindow {
  const last = activeWindows.get(view);
  if (last && last.focusId === focusId && last.size === size) return last.window;
  const { ids, at } = initialOrderOf(ix);
  const added = addedIdsOf(ix, view);
  const total = ids.length + added.length;
  let focus = focusId === null ? -1 : (at.get(focusId) ?? -1);
  if (focus < 0 && focusId !== null) {
    const i = added.indexOf(focusId);
    if (i >= 0) focus = ids.length + i;
  }
  const [from, to] = windowAround(total, Math.max(0, focus), size);
  const rows: ActiveRow[] = [];
  for (let i = from; i < to; i++)
    rows.push(activeRow(ix, view, i < ids.length ? ids[i]! : added[i - ids.length]!));
  const window = { rows, from, total };
  activeWindows.set(view, { focusId, size, window });
  return window;
}
const activeWindows = new WeakMap<
  KeyspaceView,
  { focusId: string | null; size: number; window: ActiveWindow }
>();

// the members of active before the run (held by the batch or not), in the order active held
// them, and each one's place in that order
function initialOrderOf(ix: RunIndex): { ids: string[]; at: Map<string, number> } {
  return memoOf(initialOrders, ix, () => {
    const ids = [...ix.run.initial.active.keys()];
    return { ids, at: new Map(ids.map((id, i) => [id, i])) };
  });
}
const initialOrders = new WeakMap<RunIndex, { ids: string[]; at: Map<string, number> }>();

// the members of active in `view` that it did not hold before the run, in the order written
function addedIdsOf(ix: RunIndex, view: KeyspaceView): string[] {
  return memoOf(addedIds, view, () => {
    const before = ix.run.initial.active;
    const out: string[] = [];
    for (const id of view.active.keys()) if (!before.has(id)) out.push(id);
    return out;
  });
}
const addedIds = new WeakMap<KeyspaceView, string[]>();

/** One job row as shown: attempts, group and lease_epoch, or the reason there is no hash. */
export interface JobRowView {
  id: string;
  key: string;
  kind: 'hash' | 'none' | 'wrongtype';
  attempts: string | null;
  group: string | null;
  leaseEpoch: string | null;
  inActive: boolean;
  inPending: boolean;
}

/** The ids whose rows the stepper shows: each held id once, in held order, then a trailing id. */
export function rowIds(scenario: Scenario): string[] {
  return memoOf(rowIdsMemo, scenario, () => rowIdsOf(scenario));
}
const rowIdsMemo = new WeakMap<Scenario, string[]>();

function rowIdsOf(scenario: Scenario): string[] {
  const ids = scenario.held.map((p) => p.id);
  if (scenario.client === 'raw' && scenario.trailingId !== null) ids.push(scenario.trailingId);
  return [...new Set(ids)];
}

/** The job rows of `ids` (all of {@link rowIds} unless given) after k steps. */
export function selectJobRows(
  ix: RunIndex,
  k: number,
  scenario: Scenario,
  ids: readonly string[] = rowIds(scenario),
): JobRowView[] {
  return jobRowsAt(keyspaceAt(ix, k), scenario, ids);
}

/** The fields of a job row the row table shows, each a column of {@link JobRowView}. */
export const ROW_FIELDS = ['attempts', 'group', 'lease_epoch'] as const;

/** The job rows of `ids` in a keyspace view (see {@link selectJobRows}). */
export function jobRowsAt(
  view: KeyspaceView,
  scenario: Scenario,
  ids: readonly string[],
): JobRowView[] {
  const keys = queueKeys(scenario.queue);
  const pending = new Set(view.pending);
  const out: JobRowView[] = [];
  for (const id of ids) {
    const key = keys.job(id);
    const row = view.rows.get(key);
    out.push({
      id,
      key,
      kind: row === undefined ? 'none' : row === 'wrongtype' ? 'wrongtype' : 'hash',
      attempts: row instanceof Map ? (row.get('attempts') ?? null) : null,
      group: row instanceof Map ? (row.get('group') ?? null) : null,
      leaseEpoch: row instanceof Map ? (row.get('lease_epoch') ?? null) : null,
      inActive: view.active.has(id),
      inPending: pending.has(id),
    });
  }
  return out;
}

/** Ids that sit in active and in pending at once: the invariant a reaped lease must keep. */
export function selectInvariantBreaks(view: KeyspaceView): string[] {
  return memoOf(breaks, view, () => view.pending.filter((id) => view.active.has(id)));
}
const breaks = new WeakMap<KeyspaceView, string[]>();

/** Indices [from, to) of a window of `size` items of `total`, centred on `focus`. */
export function windowAround(total: number, focus: number, size: number): [number, number] {
  if (total <= size) return [0, total];
  const from = Math.max(0, Math.min(total - size, focus - Math.floor(size / 2)));
  return [from, from + size];
}

/** Whether predict mode stops before step k (the next step reveals an unpredicted verdict). */
export function awaitsPrediction(
  ix: RunIndex,
  k: number,
  picks: Readonly<Record<number, unknown>>,
): number | null {
  if (k >= ix.n || ix.decisive[k] !== 1) return null;
  const m = ix.steps.group(k);
  return m !== null && picks[m] === undefined ? m : null;
}
