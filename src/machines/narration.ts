/** Plain words for every step: the member's story so far, the failed list, and what this step did. */
import { SCRIPT_TICK_MICROS } from '../scenario/clock-model.ts';
import { isGeneralRun } from './general-view.ts';
import { formatList } from './format.ts';
import type { MemberInfo, RunIndex } from './run-index.ts';
import { NOTHING_WRITTEN, selectFailed, selectMemberState, selectStep } from './selectors.ts';
import type { Check, Reply, StepEvent } from './trace-source.ts';
import type { ShownValue } from '../sim/client.ts';

export interface Narration {
  /** the member's line: "JOB… · token 1, attempts 1, in active → re-scored → ZADD active now+lease" */
  member: string | null;
  /** "failed after member 1: []", once a member's verdict is in */
  failed: string | null;
  /** what the step just taken did */
  detail: string;
}

const REASON: Record<Check, string> = {
  row: 'gone: no row',
  token: 'stale token',
  membership: 'not in active',
};

const showReply = (r: Reply): string =>
  r === null
    ? 'nil'
    : typeof r === 'string'
      ? `"${r}"`
      : typeof r === 'number'
        ? String(r)
        : Array.isArray(r)
          ? `[${r.map(showReply).join(', ')}]`
          : 'status' in r
            ? r.status
            : r.error;

/** The member's story after k steps, told only as far as the run has got. */
export function memberLine(ix: RunIndex, k: number, info: MemberInfo): string {
  const { checks, verdict, refused } = selectMemberState(ix, k, info.member);
  const parts = [`token ${info.token ?? '(none)'}`];
  for (const c of checks) {
    if (c.check === 'row') {
      const att = info.checks.find((x) => x.check === 'row')?.att ?? null;
      parts.push(c.passed ? `attempts ${att}` : 'no row');
    } else if (c.check === 'membership') parts.push(c.passed ? 'in active' : 'not in active');
  }
  let line = `${info.id} · ${parts.join(', ')}`;
  const native = ix.run.executor === 'native';
  if (verdict === 'rescored') line += ' → re-scored → ZADD active now+lease';
  else if (verdict === 'live') line += ' → live (read pass)';
  else if (verdict === 'failed') line += ` → failed (${REASON[info.decidedBy ?? 'row']})`;
  else if (verdict === 'error')
    line += native ? ' → the command refused on this row' : ' → the script aborted on this row';
  if (refused) line += ` → ${NOTHING_WRITTEN}`;
  return line;
}

/**
 * A step's words. `reads` is how many TIME reads the run has made up to this step, and
 * `inLoop` whether the step belongs to a member: a script that reads the clock per member is
 * told that each read is later, as on Redis 7.0.
 */
function detailOf(e: StepEvent, reads: number, inLoop: boolean): string {
  switch (e.kind) {
    case 'args':
      return `base = ${e.base}, lease = tonumber(ARGV[1]) = ${e.lease === null ? 'nil' : e.lease}`;
    case 'clock': {
      const now = `now = ${e.seconds} × 1000 + floor(${e.micros} / 1000) = ${e.now} ms`;
      if (reads <= 1 && !inLoop) return `${now}, read once for the whole batch`;
      const which =
        reads <= 1 ? 'TIME read for this member' : `TIME read again (read ${reads} of this run)`;
      return `${now}: ${which}, at ${e.micros} µs into its second; each read of the server clock is later than the last (modelled here as ${SCRIPT_TICK_MICROS} µs a command), so this member's deadline may not be the others'`;
    }
    case 'loop':
      return e.enters
        ? `i = ${e.i}, and ${e.i} < #ARGV = ${e.argc}: read the pair at ARGV[${e.i}], ARGV[${e.i + 1}]`
        : `i = ${e.i}, not < #ARGV = ${e.argc}: the loop ends` +
            (e.argc % 2 === 0 ? `; the unpaired id at ARGV[${e.argc}] is never read` : '');
    case 'pair':
      return `id = ARGV[${e.i}] = ${e.id}, token = ARGV[${e.i + 1}] = ${e.token ?? 'nil'}`;
    case 'row-key':
      return `the row key, derived from the base: ${e.key}`;
    case 'command':
      return `${e.args.join(' ')} → ${showReply(e.reply)}`;
    case 'check':
      if (e.check === 'row')
        return `row check: ${e.passed ? `the row exists (attempts "${e.att}")` : 'no row'}`;
      if (e.check === 'token') {
        return `token check (a string compare): attempts "${e.att}" ${e.passed ? '=' : '≠'} token "${e.token}"`;
      }
      return `membership check: ZSCORE ${e.passed ? 'finds the id in active' : 'answers nil, the id is not in active'}`;
    case 'rescore':
      return `a live lease: ZADD active now+lease = ${e.score}, the same now as every other member`;
    case 'collect':
      return `${e.id} joins failed (${REASON[e.check]}); it is not re-scored`;
    case 'advance':
      return `i = i + 2 = ${e.i}`;
    case 'reply':
      return `return failed: ${showReply(e.reply)}`;
    case 'error':
      return `the run stops with an error: ${e.error}`;
    case 'native':
      return `${e.what} ${e.ok ? 'passes' : 'refuses'}${e.detail ? `: ${e.detail}` : ''}`;
    case 'verdict':
      return `read pass verdict for ${e.id}: ${e.live ? 'live (read pass): nothing is written until every verdict is in' : `not live (${REASON[e.check ?? 'row']})`}`;
    case 'stamp':
      return `HSET ${e.key} lease_epoch ${e.runId}`;
    case 'statement':
      return `the next statement runs${e.depth > 1 ? ` (inside a function, depth ${e.depth})` : ''}`;
    case 'loop-test':
      return `the loop test ${e.enters ? 'holds: the body runs again' : 'fails: the loop ends'}`;
    case 'branch':
      return `the test is ${e.taken ? 'true: its block runs' : 'false'}`;
    case 'operand':
      return `operand ${e.index + 1} of the and/or chain is ${showValue(e.value)}`;
  }
}

/** A shown Lua value as Lua would print it. */
function showValue(v: ShownValue): string {
  if (v === null) return 'nil';
  if (typeof v === 'string') return `"${v}"`;
  if (typeof v !== 'object') return String(v);
  return 'table' in v ? `table: ${v.table} (#${v.length})` : `function: ${v.function}`;
}

/** The narration after k steps. */
export function narrate(ix: RunIndex, k: number): Narration {
  const step = selectStep(ix, k);
  if (!step) {
    if (isGeneralRun(ix)) {
      return { member: null, failed: null, detail: 'Ready. Step to run the script line by line.' };
    }
    const pairs = ix.members.length;
    return {
      member: null,
      failed: null,
      detail: `Ready: ${pairs} held pair${pairs === 1 ? '' : 's'}. Step to run the ${ix.run.executor === 'script' ? 'script' : 'native command'}.`,
    };
  }
  const info = step.member !== null ? (ix.members[step.member] ?? null) : null;
  let failed: string | null = null;
  if (info && info.verdictStep >= 0 && info.verdictStep < k && info.outcome !== 'error') {
    failed = `failed after member ${info.member + 1}: ${formatList(selectFailed(ix, k))}`;
  }
  return {
    member: info ? memberLine(ix, k, info) : null,
    failed,
    detail: detailOf(step.event, ix.clockReads[k] ?? 0, step.member !== null),
  };
}
