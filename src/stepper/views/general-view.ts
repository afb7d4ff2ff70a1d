/**
 * What the stepper shows of a script without the lesson's shape (no loop over the pairs to
 * tell member by member): the calls it made and the keyspace changes they caused, up to step k.
 * Each list is gathered once per run; a step is a binary search into it.
 */
import { LESSON_STEP_KINDS } from '@batch-lease/echomq';
import { queueKeys, type Scenario } from '../../scenario/index.ts';
import type { RunIndex } from '../runs/run-index.ts';
import { memoOf } from './memo.ts';
import { chosenQuoted, chosenWord } from './shown-text.ts';
import { ROW_FIELDS, rowIds, selectStep } from './selectors.ts';
import type { Change, Reply, StepEvent } from '../runs/trace-source.ts';

// the steps told in the lesson's terms (members, checks, the failed list)
const LESSON_KINDS: ReadonlySet<StepEvent['kind']> = new Set(LESSON_STEP_KINDS);

/** True for a run with no step in the lesson's terms: the general view tells it. */
export function isGeneralRun(ix: RunIndex): boolean {
  // read each step's kind from the step table: building every step of a long packed run just
  // to look at its kind would undo the packing on every render of the stepper
  return !memoOf(general, ix, () => {
    for (let k = 0; k < ix.steps.length; k++) if (LESSON_KINDS.has(ix.steps.kind(k))) return true;
    return false;
  });
}
const general = new WeakMap<RunIndex, boolean>();

/** One `redis.call`/`redis.pcall` of the run. */
export interface CallView {
  step: number;
  line: number;
  args: readonly string[];
  reply: Reply;
}

/** One keyspace change of the run, at the step that made it. */
export interface ChangeView {
  step: number;
  line: number;
  change: Change;
}

const calls = new WeakMap<RunIndex, CallView[]>();
const changes = new WeakMap<RunIndex, ChangeView[]>();

// Both lists are read through the step table by column: building every step of a long packed
// run to find its few calls or changes would cost the lesson's 1,000 leases several frames.
function allCalls(ix: RunIndex): CallView[] {
  return memoOf(calls, ix, () => {
    const t = ix.steps;
    const out: CallView[] = [];
    for (let step = 0; step < t.length; step++) {
      if (t.kind(step) !== 'command') continue;
      const e = t.event(step);
      if (e.kind === 'command')
        out.push({ step, line: t.line(step), args: e.args, reply: e.reply });
    }
    return out;
  });
}

function allChanges(ix: RunIndex): ChangeView[] {
  return memoOf(changes, ix, () => {
    const t = ix.steps;
    const out: ChangeView[] = [];
    for (let step = 0; step < t.length; step++) {
      const end = t.changeStart(step + 1);
      for (let j = t.changeStart(step); j < end; j++)
        out.push({ step, line: t.line(step), change: t.changes[j]! });
    }
    return out;
  });
}

/** How many items of `list` (ascending by step) were made by the first k steps. */
function countBefore(list: readonly { step: number }[], k: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.step < k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The run's items so far: the whole list (never copied per step) and how many are made. */
export interface SoFar<T> {
  all: readonly T[];
  count: number;
}

/** The calls the first k steps made: `all.slice(0, count)`, in order. */
export function selectCalls(ix: RunIndex, k: number): SoFar<CallView> {
  const all = allCalls(ix);
  return { all, count: countBefore(all, k) };
}

/** The keyspace changes the first k steps made: `all.slice(0, count)`, in order. */
export function selectChanges(ix: RunIndex, k: number): SoFar<ChangeView> {
  const all = allChanges(ix);
  return { all, count: countBefore(all, k) };
}

const SHOWN_FIELDS: ReadonlySet<string> = new Set(ROW_FIELDS);

/** What the member view's panels stand for: the two sets' keys and the shown rows' keys. */
interface ShownKeys {
  active: string;
  pending: string;
  rows: ReadonlySet<string>;
}

/**
 * True for a change the member view's panels show: a score in the active set, the pending
 * list, a shown field of a held id's job row, or such a row's key made to hold another type.
 */
function shownByMembers(c: Change, keys: ShownKeys): boolean {
  switch (c.kind) {
    case 'zset':
      return c.key === keys.active;
    case 'list':
      return c.key === keys.pending;
    case 'hash':
      return SHOWN_FIELDS.has(c.field) && keys.rows.has(c.key);
    case 'string':
      return keys.rows.has(c.key);
    case 'set':
    case 'expiry':
      return false;
  }
}

// by run, then by scenario: which writes the tables show depends on the scenario's keys
const others = new WeakMap<RunIndex, WeakMap<Scenario, ChangeView[]>>();

/**
 * The keyspace changes the first k steps made that the member view's panels do not show: an
 * edited script's writes to other keys or fields, its expiries. Empty for the lesson's runs,
 * so the member view shows this list only for a script that writes more.
 */
export function selectOtherChanges(ix: RunIndex, k: number, scenario: Scenario): SoFar<ChangeView> {
  const byScenario = memoOf(others, ix, () => new WeakMap<Scenario, ChangeView[]>());
  const all = memoOf(byScenario, scenario, () => {
    const q = queueKeys(scenario.queue);
    const keys = {
      active: q.active,
      pending: q.pending,
      rows: new Set(rowIds(scenario).map(q.job)),
    };
    return allChanges(ix).filter((c) => !shownByMembers(c.change, keys));
  });
  return { all, count: countBefore(all, k) };
}

/**
 * True when step k (the step just taken, `k - 1` in the run) wrote something and every write
 * was one the member view's tables do not show: the stepper follows the changes list then.
 */
export function stepWroteOnlyElsewhere(ix: RunIndex, k: number, scenario: Scenario): boolean {
  const made = selectStep(ix, k)?.changes.length ?? 0;
  if (made === 0) return false;
  const others = selectOtherChanges(ix, k, scenario).count;
  return others - selectOtherChanges(ix, k - 1, scenario).count === made;
}

/**
 * A change in words, with before → after: a sorted-set member's score, a hash field, a list
 * or a set whole, a string's value (quoted, as redis-cli prints a bulk string) or a key's expiry.
 */
export function changeText(c: Change): string {
  // keys, members, fields and values are the script's (a learner's): each made visible and, if
  // it holds a right-to-left letter, isolated (FSI … PDI, shown as <bdi>)
  const w = chosenWord;
  const show = (v: number | string | null) => (v === null ? '(absent)' : w(String(v)));
  const quoted = (v: string | null) => (v === null ? '(absent)' : chosenQuoted(v));
  const deadline = (v: number | null) => (v === null ? 'none' : `at ${v} ms`);
  const list = (v: readonly string[] | null) =>
    v === null ? '(absent)' : `[${v.map(w).join(', ')}]`;
  const key = w(c.key);
  switch (c.kind) {
    case 'zset':
      return `${key} · member ${w(c.member)}: score ${show(c.before)} → ${show(c.after)}`;
    case 'hash':
      return `${key} · field ${w(c.field)}: ${show(c.before)} → ${show(c.after)}`;
    case 'list':
      return `${key} · list ${list(c.before)} → ${list(c.after)}`;
    case 'set':
      return `${key} · set ${list(c.before)} → ${list(c.after)}`;
    case 'string':
      return `${key} · string ${quoted(c.before)} → ${quoted(c.after)}`;
    case 'expiry':
      return `${key} · expiry ${deadline(c.before)} → ${deadline(c.after)}`;
  }
}
