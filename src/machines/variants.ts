/**
 * The counterfactuals the lesson argues from. Each is a small transform of a real script
 * trace, applied here in the stepper and labelled on every step it touches; the script in
 * content/ and the server's run of it are never changed.
 */
import { VARIANTS, type Variant } from './variant-ids.ts';
import { lines as LISTING_TOKENS } from 'virtual:stepper-listings';
import { formatList } from './format.ts';
import type { ReadyRun, RunResult, StepperStep } from './trace-source.ts';

// Found by its text, as the simulator finds its lines; only the listing comes along, not the
// script model (which would pull the simulator into the page's first load).
// (read from the build-time token lines the stepper already carries, not a second copy of the
// script source)
const ZADD_LINE =
  (LISTING_TOKENS['extend_locks2.lua'] ?? []).findIndex((tokens) =>
    tokens
      .map(([text]) => text)
      .join('')
      .includes("redis.call('ZADD'"),
  ) + 1;

/** Every variant the stepper can run, the real script first (declared in variant-ids.ts). */
export { VARIANTS, type Variant };

/** The server time this variant assumes each member takes, so a per-member clock can drift. */
export const DRIFT_MS_PER_MEMBER = 1;

export const VARIANT_LABELS: Record<Variant, string> = {
  real: 'the real script',
  'no-membership-guard': 'variant: the membership guard dropped',
  'clock-per-member': `variant: TIME read per member (assumes ${DRIFT_MS_PER_MEMBER} ms per member)`,
};

/** `run` under `variant`; a native run or an unavailable one is returned unchanged. */
export function applyVariant(run: RunResult, variant: Variant): RunResult {
  if (variant === 'real' || run.status !== 'ready' || run.executor !== 'script') return run;
  return variant === 'no-membership-guard' ? dropMembershipGuard(run) : clockPerMember(run);
}

function nowAndLease(run: ReadyRun): { now: number; lease: number } {
  let now = 0;
  let lease = 0;
  for (const s of run.steps) {
    if (s.event.kind === 'clock') now = s.event.now;
    if (s.event.kind === 'args') lease = s.event.lease ?? 0;
  }
  return { now, lease };
}

/**
 * `if att and att == token then`: without ZSCORE, a member whose row and token check out is
 * re-scored even when it is no longer in active, so a reaped lease is put back in active.
 */
function dropMembershipGuard(run: ReadyRun): ReadyRun {
  const { now, lease } = nowAndLease(run);
  const note = 'variant: no membership guard';
  const active = run.steps.find((s) => s.event.kind === 'command' && s.event.args[0] === 'ZSCORE');
  const activeKey = active?.event.kind === 'command' ? active.event.args[1]! : '';
  const resurrected = new Set<string>();
  let resurrectedCount = 0;
  const steps: StepperStep[] = [];
  for (const s of run.steps) {
    const e = s.event;
    if (e.kind === 'command' && e.args[0] === 'ZSCORE') continue;
    if (e.kind === 'check' && e.check === 'membership') continue;
    if (e.kind === 'collect' && e.check === 'membership') {
      const score = now + lease;
      resurrected.add(e.id);
      resurrectedCount++;
      steps.push({
        ...s,
        line: ZADD_LINE,
        event: { kind: 'rescore', id: e.id, score },
        changes: [{ kind: 'zset', key: activeKey, member: e.id, before: null, after: score }],
        variantNote: note,
      });
      continue;
    }
    if (e.kind === 'collect') {
      steps.push({ ...s, event: { ...e, failedCount: e.failedCount - resurrectedCount } });
      continue;
    }
    if (e.kind === 'reply' && Array.isArray(e.reply)) {
      const reply = e.reply.filter((id) => typeof id !== 'string' || !resurrected.has(id));
      steps.push({
        ...s,
        event: { kind: 'reply', reply },
        variantNote: resurrected.size ? note : undefined,
      });
      continue;
    }
    steps.push(s);
  }
  const last = steps[steps.length - 1];
  const reply = last?.event.kind === 'reply' ? last.event.reply : run.reply;
  // the verb answers this run's reply, not the real script's: a list of ids is {:ok, failed}
  // (as renderOutcome prints it; the panels-agree property test holds the two equal)
  const verbAnswer =
    run.verbPassesReply && Array.isArray(reply) && reply.every((r) => typeof r === 'string')
      ? `{:ok, ${formatList(reply as string[])}}`
      : run.verbAnswer;
  return { ...run, steps, reply, verbAnswer };
}

/**
 * TIME inside the loop: each member reads its own clock, so members re-scored later get later
 * deadlines and the batch no longer shares one score.
 */
function clockPerMember(run: ReadyRun): ReadyRun {
  const { now, lease } = nowAndLease(run);
  const note = 'variant: the clock is read again for this member';
  const steps: StepperStep[] = [];
  let memberNow = now;
  for (const s of run.steps) {
    const e = s.event;
    if (e.kind === 'pair' && s.member !== null) {
      memberNow = now + s.member * DRIFT_MS_PER_MEMBER;
      const ms = memberNow % 1000;
      const seconds = String((memberNow - ms) / 1000);
      const micros = String(ms * 1000);
      steps.push(s);
      steps.push({
        ...s,
        line: 7,
        event: { kind: 'command', args: ['TIME'], reply: [seconds, micros] },
        changes: [],
        variantNote: note,
      });
      steps.push({
        ...s,
        line: 8,
        event: { kind: 'clock', seconds, micros, now: memberNow },
        changes: [],
        variantNote: note,
      });
      continue;
    }
    if (e.kind === 'command' && e.args[0] === 'ZADD') {
      const score = memberNow + lease;
      steps.push({
        ...s,
        event: { ...e, args: [e.args[0], e.args[1]!, String(score), e.args[3]!] },
        changes: s.changes.map((c) => (c.kind === 'zset' ? { ...c, after: score } : c)),
        variantNote: note,
      });
      continue;
    }
    if (e.kind === 'rescore') {
      const score = memberNow + lease;
      steps.push({
        ...s,
        event: { ...e, score },
        changes: s.changes.map((c) => (c.kind === 'zset' ? { ...c, after: score } : c)),
        variantNote: note,
      });
      continue;
    }
    steps.push(s);
  }
  return { ...run, steps };
}
