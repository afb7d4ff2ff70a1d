/**
 * A per-run index, built once in one pass over the trace, so every view of step k is a lookup
 * or a short walk from a keyspace checkpoint, never a replay from step 0.
 */
import { applyChange, cloneView, type KeyspaceView } from './keyspace-view.ts';
import type { Check, ReadyRun } from './trace-source.ts';

/** Keyspace snapshots are kept at least this many steps apart. */
export const MIN_CHECKPOINT_EVERY = 128;
/**
 * At most about this many snapshots are kept. Each is a copy of the whole view, so a fixed
 * stride would hold O(steps × keys) memory (hundreds of MB at 10,000 leases); a bounded count
 * keeps it O(keys), and a jump still walks at most one stride of (mostly empty) changes.
 */
export const MAX_CHECKPOINTS = 32;

/** The snapshot stride for a run of `n` steps. */
export function checkpointStride(n: number): number {
  return Math.max(MIN_CHECKPOINT_EVERY, Math.ceil(n / MAX_CHECKPOINTS));
}

/**
 * How a held pair ended. `unwritten` is a native verdict of "live" in the read pass whose write
 * never came: the command was refused (or stopped) before its write pass wrote anything.
 */
export type Outcome = 'rescored' | 'failed' | 'error' | 'unreached' | 'unwritten';

/** What one held pair went through in a run. */
export interface MemberInfo {
  member: number;
  id: string;
  token: string | null;
  /** the first step that belongs to this member */
  firstStep: number;
  /** the step of each check, in order */
  checks: { check: Check; passed: boolean; step: number; att: string | null }[];
  /** the step that decided the member (rescore / collect / verdict / error), or -1 */
  verdictStep: number;
  outcome: Outcome;
  /** the check that refused it, or null when it passed them all or never got that far */
  decidedBy: Check | null;
  score: number | null;
  /**
   * The step that re-scored this member (its ZADD), or -1. The script re-scores at its verdict;
   * the native twin decides in its read pass and writes later, so the two can differ.
   */
  rescoreStep: number;
}

export interface RunIndex {
  run: ReadyRun;
  n: number;
  members: MemberInfo[];
  /** member index → its MemberInfo position (members are dense, but stay explicit) */
  checkpoints: KeyspaceView[];
  /** the steps between two checkpoints */
  every: number;
  /** the ids the run collected into failed, in order (each collect step adds one) */
  failedIds: string[];
  /** for k in 0..n: how many of `failedIds` the first k steps collected */
  failedAt: Int32Array;
  /** for k in 0..n: the last step < k of each kind, or -1 */
  lastClock: Int32Array;
  lastPointer: Int32Array;
  /** for k in 0..n: how many clock reads the first k steps made */
  clockReads: Int32Array;
  /** the k values at which a member has just ended, ascending */
  boundaries: number[];
  /** the steps where a member's verdict is revealed; predict mode stops before these */
  decisive: Int32Array;
  /**
   * The step at which the native command refused, when it did: it writes only after every
   * check, so a refusal means nothing was written, for every member. -1 when it did not refuse
   * (and always for the script, which keeps the writes made before an error).
   */
  refusedAt: number;
  /** the memo of the last keyspace computed */
  cache: { k: number; view: KeyspaceView } | null;
}

function emptyMember(member: number, id: string, token: string | null, step: number): MemberInfo {
  return {
    member,
    id,
    token,
    firstStep: step,
    checks: [],
    verdictStep: -1,
    outcome: 'unreached',
    decidedBy: null,
    score: null,
    rescoreStep: -1,
  };
}

/** Builds the index of `run` (O(steps), plus one keyspace copy per checkpoint). */
export function buildRunIndex(run: ReadyRun): RunIndex {
  const n = run.steps.length;
  const every = checkpointStride(n);
  const failedIds: string[] = [];
  const failedAt = new Int32Array(n + 1);
  const lastClock = new Int32Array(n + 1).fill(-1);
  const lastPointer = new Int32Array(n + 1).fill(-1);
  const clockReads = new Int32Array(n + 1);
  const decisive = new Int32Array(n).fill(0);
  const members: MemberInfo[] = [];
  const checkpoints: KeyspaceView[] = [cloneView(run.initial)];
  const view = cloneView(run.initial);
  const boundaries: number[] = [];
  for (let s = 0; s < n; s++) {
    const step = run.steps[s]!;
    const e = step.event;
    if (e.kind === 'collect') failedIds.push(e.id);
    failedAt[s + 1] = failedIds.length;
    lastClock[s + 1] = e.kind === 'clock' ? s : lastClock[s]!;
    clockReads[s + 1] = clockReads[s]! + (e.kind === 'clock' ? 1 : 0);
    lastPointer[s + 1] =
      e.kind === 'loop' || e.kind === 'pair' || e.kind === 'advance' ? s : lastPointer[s]!;
    if (step.member !== null) {
      let m = members[step.member];
      if (!m) {
        const id =
          e.kind === 'pair' ? e.id : e.kind === 'verdict' || e.kind === 'collect' ? e.id : '';
        const token = e.kind === 'pair' ? e.token : null;
        m = emptyMember(step.member, id, token, s);
        members[step.member] = m;
      }
      if (e.kind === 'pair') {
        m.id = e.id;
        m.token = e.token;
      }
      if (e.kind === 'check')
        m.checks.push({ check: e.check, passed: e.passed, step: s, att: e.att });
      const first = m.verdictStep === -1;
      if (e.kind === 'rescore') {
        m.outcome = 'rescored';
        m.score = e.score;
        m.rescoreStep = s;
        if (first) m.verdictStep = s;
      } else if (e.kind === 'collect') {
        m.outcome = 'failed';
        m.decidedBy = e.check;
        if (first) m.verdictStep = s;
      } else if (e.kind === 'verdict') {
        // a live verdict is a read: it becomes `rescored` only at the member's ZADD
        m.outcome = e.live ? 'unwritten' : 'failed';
        m.decidedBy = e.check;
        if (first) m.verdictStep = s;
      } else if (e.kind === 'error' && first) {
        m.outcome = 'error';
        m.verdictStep = s;
      }
      const next = run.steps[s + 1];
      if (!next || next.member !== step.member) boundaries.push(s + 1);
    } else if (e.kind === 'error') {
      // an error outside any member (a native refusal) ends the run
      boundaries.push(s + 1);
    }
    for (const c of step.changes) applyChange(view, c, 'forward');
    if ((s + 1) % every === 0) checkpoints.push(cloneView(view));
  }
  // a member's verdict is revealed at its first check (or its verdict, if it has no checks)
  for (const m of members) {
    if (!m || m.outcome === 'error' || m.outcome === 'unreached') continue;
    const at = m.checks[0]?.step ?? m.verdictStep;
    if (at >= 0) decisive[at] = 1;
  }
  if (boundaries[boundaries.length - 1] !== n) boundaries.push(n);
  let refusedAt = -1;
  if (run.executor === 'native') {
    for (let s = n - 1; s >= 0; s--) {
      const kind = run.steps[s]!.event.kind;
      if (kind === 'error') refusedAt = s;
      if (kind === 'error' || kind === 'reply') break;
    }
  }
  return {
    run,
    n,
    members,
    checkpoints,
    every,
    failedIds,
    failedAt,
    lastClock,
    lastPointer,
    clockReads,
    boundaries,
    decisive,
    refusedAt,
    cache: null,
  };
}

/**
 * The keyspace after the first k steps: from the memo or the nearest checkpoint, walked.
 * While no step between two calls changed the keyspace, both get the same object; treat it
 * as read-only.
 */
export function keyspaceAt(ix: RunIndex, k: number): KeyspaceView {
  const at = Math.max(0, Math.min(ix.n, k));
  if (ix.cache && ix.cache.k === at) return ix.cache.view;
  const near = ix.cache !== null && Math.abs(ix.cache.k - at) <= ix.every / 2;
  // most steps change nothing: then the view is the memo's, and keeping its reference lets a
  // view that depends on it skip its work
  if (ix.cache && near && !changesBetween(ix, ix.cache.k, at)) {
    ix.cache = { k: at, view: ix.cache.view };
    return ix.cache.view;
  }
  // walking from the memo is cheaper than from a checkpoint when the move is short
  let view: KeyspaceView;
  if (ix.cache && near) {
    view = cloneView(ix.cache.view);
    walk(ix, view, ix.cache.k, at);
  } else {
    const c = Math.floor(at / ix.every);
    view = cloneView(ix.checkpoints[c]!);
    walk(ix, view, c * ix.every, at);
  }
  ix.cache = { k: at, view };
  return view;
}

function changesBetween(ix: RunIndex, a: number, b: number): boolean {
  for (let s = Math.min(a, b); s < Math.max(a, b); s++)
    if (ix.run.steps[s]!.changes.length > 0) return true;
  return false;
}

function walk(ix: RunIndex, view: KeyspaceView, from: number, to: number) {
  for (let s = from; s < to; s++)
    for (const c of ix.run.steps[s]!.changes) applyChange(view, c, 'forward');
  for (let s = from - 1; s >= to; s--) {
    const ch = ix.run.steps[s]!.changes;
    for (let j = ch.length - 1; j >= 0; j--) applyChange(view, ch[j]!, 'backward');
  }
}
