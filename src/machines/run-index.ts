/**
 * A per-run index, built once in one pass over the trace, so every view of step k is a lookup
 * or a short walk from a keyspace checkpoint, never a replay from step 0.
 */
import { applyChange, cloneView, type KeyspaceView } from './keyspace-view.ts';
import type { Check, ReadyRun } from './trace-source.ts';

/** Keyspace snapshots are kept every this many steps. */
export const CHECKPOINT_EVERY = 128;

export type Outcome = 'rescored' | 'failed' | 'error' | 'unreached';

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
}

export interface RunIndex {
  run: ReadyRun;
  n: number;
  members: MemberInfo[];
  /** member index → its MemberInfo position (members are dense, but stay explicit) */
  checkpoints: KeyspaceView[];
  /** for k in 0..n: the last step < k of each kind, or -1 */
  lastFailed: Int32Array;
  lastClock: Int32Array;
  lastPointer: Int32Array;
  /** for k in 0..n: how many clock reads the first k steps made */
  clockReads: Int32Array;
  /** the k values at which a member has just ended, ascending */
  boundaries: number[];
  /** the steps where a member's verdict is revealed; predict mode stops before these */
  decisive: Int32Array;
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
  };
}

/** Builds the index of `run` (O(steps), plus one keyspace copy per checkpoint). */
export function buildRunIndex(run: ReadyRun): RunIndex {
  const n = run.steps.length;
  const lastFailed = new Int32Array(n + 1).fill(-1);
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
    lastFailed[s + 1] = e.kind === 'collect' ? s : lastFailed[s]!;
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
        if (first) m.verdictStep = s;
      } else if (e.kind === 'collect') {
        m.outcome = 'failed';
        m.decidedBy = e.check;
        if (first) m.verdictStep = s;
      } else if (e.kind === 'verdict') {
        m.outcome = e.live ? 'rescored' : 'failed';
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
    if ((s + 1) % CHECKPOINT_EVERY === 0) checkpoints.push(cloneView(view));
  }
  // a member's verdict is revealed at its first check (or its verdict, if it has no checks)
  for (const m of members) {
    if (!m || m.outcome === 'error' || m.outcome === 'unreached') continue;
    const at = m.checks[0]?.step ?? m.verdictStep;
    if (at >= 0) decisive[at] = 1;
  }
  if (boundaries[boundaries.length - 1] !== n) boundaries.push(n);
  return {
    run,
    n,
    members,
    checkpoints,
    lastFailed,
    lastClock,
    lastPointer,
    clockReads,
    boundaries,
    decisive,
    cache: null,
  };
}

/** The keyspace after the first k steps: from the memo or the nearest checkpoint, walked. */
export function keyspaceAt(ix: RunIndex, k: number): KeyspaceView {
  const at = Math.max(0, Math.min(ix.n, k));
  if (ix.cache && ix.cache.k === at) return ix.cache.view;
  // walking from the memo is cheaper than from a checkpoint when the move is short
  let view: KeyspaceView;
  if (ix.cache && Math.abs(ix.cache.k - at) <= CHECKPOINT_EVERY / 2) {
    view = cloneView(ix.cache.view);
    walk(ix, view, ix.cache.k, at);
  } else {
    const c = Math.floor(at / CHECKPOINT_EVERY);
    view = cloneView(ix.checkpoints[c]!);
    walk(ix, view, c * CHECKPOINT_EVERY, at);
  }
  ix.cache = { k: at, view };
  return view;
}

function walk(ix: RunIndex, view: KeyspaceView, from: number, to: number) {
  for (let s = from; s < to; s++)
    for (const c of ix.run.steps[s]!.changes) applyChange(view, c, 'forward');
  for (let s = from - 1; s >= to; s--) {
    const ch = ix.run.steps[s]!.changes;
    for (let j = ch.length - 1; j >= 0; j--) applyChange(view, ch[j]!, 'backward');
  }
}
