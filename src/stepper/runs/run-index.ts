/**
 * A per-run index, built once in one pass over the trace, so every view of step k is a lookup
 * or a short walk over the run's keyspace changes, never a replay of its steps from step 0.
 */
import { applyChange, cloneView, type KeyspaceView } from './keyspace-view.ts';
import { stepTableOf, type StepTable } from './step-table.ts';
import type { Check, ReadyRun, StepEvent } from './trace-source.ts';

/** Per-step snapshots (of the locals) are kept at least this many steps apart. */
export const MIN_CHECKPOINT_EVERY = 128;
/** At most about this many keyspace snapshots are kept (beyond the initial one). */
export const MAX_CHECKPOINTS = 32;

/** The snapshot stride for a run of `n` steps (or `n` changes). */
export function checkpointStride(n: number): number {
  return Math.max(MIN_CHECKPOINT_EVERY, Math.ceil(n / MAX_CHECKPOINTS));
}

/**
 * Keyspace snapshots are kept this many keyspace changes apart, at the least. A snapshot is a
 * copy of the whole view (O(keys)); a walk between two views touches only the changes between
 * them, and most steps change nothing. So a snapshot is worth keeping only every many changes:
 * a 10,000-lease run (about 9,000 changes) keeps none beyond the initial keyspace, and a jump
 * anywhere walks at most this many changes from the nearest view at hand.
 */
export const CHANGES_PER_CHECKPOINT = 16_384;

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
  /** the run's steps, read by column (see {@link stepTableOf}) */
  steps: StepTable;
  members: MemberInfo[];
  /** keyspace snapshots: checkpoints[j] is the view after the first j × every changes */
  checkpoints: KeyspaceView[];
  /** the keyspace changes between two checkpoints */
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
  /** the memo of the last keyspace computed: after step k, i.e. after the first `c` changes */
  cache: { k: number; c: number; view: KeyspaceView } | null;
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

/** How the index is laid out; tests lay it out densely, to walk every path of it. */
export interface RunIndexOptions {
  /** keyspace changes between two snapshots (default {@link CHANGES_PER_CHECKPOINT}) */
  changesPerCheckpoint?: number;
}

/** Builds the index of `run` (O(steps), plus one keyspace copy per checkpoint). */
export function buildRunIndex(run: ReadyRun, options: RunIndexOptions = {}): RunIndex {
  const steps = stepTableOf(run.steps);
  const n = steps.length;
  const every = Math.max(
    options.changesPerCheckpoint ?? CHANGES_PER_CHECKPOINT,
    Math.ceil(steps.changes.length / MAX_CHECKPOINTS),
  );
  const failedIds: string[] = [];
  const failedAt = new Int32Array(n + 1);
  const lastClock = new Int32Array(n + 1).fill(-1);
  const lastPointer = new Int32Array(n + 1).fill(-1);
  const clockReads = new Int32Array(n + 1);
  const decisive = new Int32Array(n).fill(0);
  const members: MemberInfo[] = [];
  const checkpoints: KeyspaceView[] = [cloneView(run.initial)];
  const boundaries: number[] = [];
  let clock = -1;
  let pointer = -1;
  let reads = 0;
  for (let s = 0; s < n; s++) {
    const kind = steps.kind(s);
    const member = steps.group(s);
    // only the kinds the index reads are built as events; the rest are read by column
    const e = READ_KINDS.has(kind) ? steps.event(s) : null;
    if (e?.kind === 'collect') failedIds.push(e.id);
    failedAt[s + 1] = failedIds.length;
    if (kind === 'clock') {
      clock = s;
      reads++;
    }
    lastClock[s + 1] = clock;
    clockReads[s + 1] = reads;
    if (kind === 'loop' || kind === 'pair' || kind === 'advance') pointer = s;
    lastPointer[s + 1] = pointer;
    if (member !== null) {
      let m = members[member];
      if (!m) {
        const id =
          e?.kind === 'pair' ? e.id : e?.kind === 'verdict' || e?.kind === 'collect' ? e.id : '';
        const token = e?.kind === 'pair' ? e.token : null;
        m = emptyMember(member, id, token, s);
        members[member] = m;
      }
      if (e) indexMemberEvent(m, e, s);
      if (s + 1 >= n || steps.group(s + 1) !== member) boundaries.push(s + 1);
    } else if (kind === 'error') {
      // an error outside any member (a native refusal) ends the run
      boundaries.push(s + 1);
    }
  }
  if (steps.changes.length >= every) {
    const view = cloneView(run.initial);
    for (let c = 0; c < steps.changes.length; c++) {
      applyChange(view, steps.changes[c]!, 'forward');
      if ((c + 1) % every === 0) checkpoints.push(cloneView(view));
    }
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
      const kind = steps.kind(s);
      if (kind === 'error') refusedAt = s;
      if (kind === 'error' || kind === 'reply') break;
    }
  }
  return {
    run,
    n,
    steps,
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

/** The event kinds the index reads the fields of. */
const READ_KINDS = new Set<StepEvent['kind']>([
  'pair',
  'check',
  'rescore',
  'collect',
  'verdict',
  'error',
]);

function indexMemberEvent(m: MemberInfo, e: StepEvent, s: number): void {
  if (e.kind === 'pair') {
    m.id = e.id;
    m.token = e.token;
  }
  if (e.kind === 'check') m.checks.push({ check: e.check, passed: e.passed, step: s, att: e.att });
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
}

/**
 * The keyspace after the first k steps: from the memo or the nearest checkpoint, walked over
 * the changes between. While no change lies between two calls' steps, both get the same
 * object; treat it as read-only.
 */
export function keyspaceAt(ix: RunIndex, k: number): KeyspaceView {
  const at = Math.max(0, Math.min(ix.n, k));
  const memo = ix.cache;
  if (memo && memo.k === at) return memo.view;
  const c = ix.steps.changeStart(at);
  // most steps change nothing: then the view is the memo's, and keeping its reference lets a
  // view that depends on it skip its work
  if (memo && memo.c === c) {
    ix.cache = { k: at, c, view: memo.view };
    return memo.view;
  }
  // walk from whichever view at hand is fewest changes away: the memo or a checkpoint
  const j = Math.min(ix.checkpoints.length - 1, Math.round(c / ix.every));
  let from = j * ix.every;
  let base = ix.checkpoints[j]!;
  if (memo && Math.abs(memo.c - c) < Math.abs(from - c)) {
    from = memo.c;
    base = memo.view;
  }
  const view = cloneView(base);
  walk(ix, view, from, c);
  ix.cache = { k: at, c, view };
  return view;
}

/** Applies the changes between change indices `from` and `to`, forward or back. */
function walk(ix: RunIndex, view: KeyspaceView, from: number, to: number) {
  const changes = ix.steps.changes;
  for (let i = from; i < to; i++) applyChange(view, changes[i]!, 'forward');
  for (let i = from - 1; i >= to; i--) applyChange(view, changes[i]!, 'backward');
}
