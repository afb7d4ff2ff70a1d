/**
 * Plain words for every step: the member's story so far, the failed list, and what this step
 * did. The sentences are content (content/narration.ts); this module picks one and fills its
 * slots with the step's facts.
 */
import { narrationWords } from '../../../content/narration.ts';
import { fill } from '../../content/template.ts';
import { cutLine } from '../../content/shown-cut.ts';
import { SCRIPT_TICK_MICROS } from '../../scenario/index.ts';
import { isGeneralRun } from '../views/general-view.ts';
import { cutList, formatList } from './format.ts';
import type { MemberInfo, RunIndex } from '../runs/run-index.ts';
import { rescoreKind, selectFailed, selectMemberState, selectStep } from '../views/selectors.ts';
import { chosenWord, isolatedIfRtl, quotedText } from '../views/shown-text.ts';
import { NOTHING_WRITTEN } from './verdict-words.ts';
import type { Check, Reply, StepEvent } from '../runs/trace-source.ts';
import {
  isIntegerReply,
  isolate,
  simulatorStopOf,
  visibleText,
  type ShownValue,
} from '@batch-lease/redis-sim/client';

export interface Narration {
  /** the member's line: "JOB… · token 1, attempts 1, in active → re-scored → ZADD active now+lease" */
  member: string | null;
  /** "failed after member 1: []", once a member's verdict is in */
  failed: string | null;
  /** what the step just taken did */
  detail: string;
}

const W = narrationWords;
const REASON: Record<Check, string> = W.reasons;

/**
 * How many items of a list the narration prints: the last few, after a note of how many came
 * before. The narration is read on every step (and spoken, as a live region); the failed panel
 * and the reply panel hold the longer lists.
 */
export const NARRATION_LIST_SHOWN = 5;
const earlier = (count: number) => fill(W.earlier, { count });

/**
 * How many of a command's words the narration prints (its name, its keys, its first arguments)
 * before a note of how many more were sent: a learner's script may send thousands at once
 * (`unpack(ARGV)`), and the calls panel lists the command whole.
 */
export const NARRATION_ARGS_SHOWN = 12;
const more = (count: number) => fill(W.more, { count });
// A command's words, its reply and the keys a step names hold ids and values the learner or a
// link chose: any format character in them (an RLO, a zero-width space) or a byte that is not
// UTF-8 is spelled out (visibleText), as the stepper's panels and the console show it.
const commandWords = (args: readonly string[]): string =>
  cutList(args, NARRATION_ARGS_SHOWN, (a) => chosenWord(cutLine(a)), more, 'first').join(' ');

const showReply = (r: Reply): string =>
  r === null
    ? 'nil'
    : typeof r === 'string'
      ? // a script may return megabytes (as much as its budget builds): shown whole, the
        // narration's layout held the page for half a second
        isolatedIfRtl(quotedText(cutLine(r)))
      : isIntegerReply(r)
        ? String(r)
        : Array.isArray(r)
          ? `[${cutList(r, NARRATION_LIST_SHOWN, showReply, earlier, 'last').join(', ')}]`
          : 'status' in r
            ? chosenWord(r.status)
            : 'error' in r
              ? chosenWord(r.error)
              : 'nil';

/** The member's story after k steps, told only as far as the run has got. */
export function memberLine(ix: RunIndex, k: number, info: MemberInfo): string {
  const { checks, verdict, rescore, refused } = selectMemberState(ix, k, info.member);
  const parts = [fill(W.member.token, { token: info.token ?? W.member.noToken })];
  for (const c of checks) {
    if (c.check === 'row') {
      const att = info.checks.find((x) => x.check === 'row')?.att ?? null;
      parts.push(c.passed ? fill(W.member.attempts, { att: String(att) }) : W.member.noRow);
    } else if (c.check === 'membership')
      parts.push(c.passed ? W.member.inActive : W.member.notInActive);
  }
  const said = [fill(W.member.line, { id: isolate(info.id), checks: parts.join(', ') })];
  const native = ix.run.executor === 'native';
  if (verdict === 'rescored')
    said.push(rescore === 'resurrects' ? W.member.resurrected : W.member.rescored);
  else if (verdict === 'live') said.push(W.member.live);
  else if (verdict === 'failed')
    said.push(fill(W.member.failed, { reason: REASON[info.decidedBy ?? 'row'] }));
  else if (verdict === 'error') said.push(native ? W.member.refusedNative : W.member.abortedScript);
  if (refused) said.push(NOTHING_WRITTEN);
  return said.join(' → ');
}

/**
 * The words for a run that stopped with `error`: when one of the simulator's own limits ended
 * it, the sentence names that limit (the step budget, the time limit, a memory cap, the
 * matcher's limit) and what a real server would do there, so a script the budget stopped is
 * never said to be one that never ends.
 */
export function errorWords(error: string): string {
  const stop = simulatorStopOf(error);
  return fill(stop === null ? W.detail.error : W.detail.stopped[stop], { error });
}

/**
 * A step's words. `reads` is how many TIME reads the run has made up to this step, and
 * `inLoop` whether the step belongs to a member: a script that reads the clock per member is
 * told that each read is later, as on Redis 7.0. `native` says the run is a native command's,
 * whose reply no `return` gives.
 */
function detailOf(e: StepEvent, reads: number, inLoop: boolean, native: boolean): string {
  const D = W.detail;
  switch (e.kind) {
    case 'args':
      return fill(D.args, {
        base: visibleText(String(e.base)),
        lease: e.lease === null ? 'nil' : e.lease,
      });
    case 'clock': {
      const at = { seconds: e.seconds, micros: e.micros, now: e.now };
      if (reads <= 1 && !inLoop) return fill(D.clock, at);
      if (reads <= 1) return fill(D.clockForMember, { ...at, tick: SCRIPT_TICK_MICROS });
      return fill(D.clockAgain, { ...at, reads, tick: SCRIPT_TICK_MICROS });
    }
    case 'loop':
      if (e.enters) return fill(D.loopEnters, { i: e.i, argc: e.argc, next: e.i + 1 });
      return fill(e.argc % 2 === 0 ? D.loopEndsUnpaired : D.loopEnds, { i: e.i, argc: e.argc });
    case 'pair':
      return fill(D.pair, {
        i: e.i,
        id: isolate(e.id),
        next: e.i + 1,
        token: visibleText(e.token ?? 'nil'),
      });
    case 'row-key':
      return fill(D.rowKey, { key: visibleText(e.key) });
    case 'command':
      return fill(D.command, { command: commandWords(e.args), reply: showReply(e.reply) });
    case 'check':
      if (e.check === 'row')
        return e.passed ? fill(D.rowFound, { att: visibleText(String(e.att)) }) : D.rowMissing;
      if (e.check === 'token')
        return fill(e.passed ? D.tokenMatches : D.tokenDiffers, {
          att: visibleText(String(e.att)),
          token: visibleText(String(e.token)),
        });
      return e.passed ? D.inActive : D.notInActive;
    case 'rescore':
      return fill(D.rescore, { score: e.score });
    case 'collect':
      return fill(D.collect, { id: isolate(e.id), reason: REASON[e.check] });
    case 'advance':
      return fill(D.advance, { i: e.i });
    case 'reply': {
      const reply = showReply(e.reply);
      if (native) return fill(D.replyNative, { reply });
      // the script's own words after `return` (learner text, so isolated), or none
      if (e.expr) return fill(D.reply, { expr: isolate(e.expr), reply });
      return fill(D.replyNothing, { reply });
    }
    case 'error':
      return errorWords(e.error);
    case 'native': {
      const outcome = fill(e.ok ? D.nativePasses : D.nativeRefuses, { what: e.what });
      return e.detail ? fill(D.nativeSaid, { outcome, detail: e.detail }) : outcome;
    }
    case 'verdict':
      return e.live
        ? fill(D.verdictLive, { id: isolate(e.id) })
        : fill(D.verdictNotLive, { id: isolate(e.id), reason: REASON[e.check ?? 'row'] });
    case 'stamp':
      return fill(D.stamp, { key: visibleText(e.key), runId: e.runId });
    case 'statement':
      return e.depth > 1 ? fill(D.statementNested, { depth: e.depth }) : D.statement;
    case 'loop-test':
      return e.enters ? D.loopTestHolds : D.loopTestFails;
    case 'branch':
      return e.taken ? D.branchTaken : D.branchNotTaken;
    case 'operand':
      return fill(D.operand, { n: e.index + 1, value: showValue(e.value) });
  }
}

/** A shown Lua value as Lua would print it. */
function showValue(v: ShownValue): string {
  if (v === null) return 'nil';
  if (typeof v === 'string') return quotedText(v);
  if (typeof v !== 'object') return String(v);
  return 'table' in v ? `table: ${v.table} (#${v.length})` : `function: ${v.function}`;
}

/** The narration after k steps. */
export function narrate(ix: RunIndex, k: number): Narration {
  const step = selectStep(ix, k);
  if (!step) {
    if (isGeneralRun(ix)) return { member: null, failed: null, detail: W.ready.general };
    const count = ix.members.length;
    const runs = ix.run.executor === 'script' ? W.ready.script : W.ready.native;
    return {
      member: null,
      failed: null,
      detail: fill(count === 1 ? W.ready.one : W.ready.many, { count, runs }),
    };
  }
  const info = step.group !== null ? (ix.members[step.group] ?? null) : null;
  let failed: string | null = null;
  if (info && info.verdictStep >= 0 && info.verdictStep < k && info.outcome !== 'error') {
    failed = fill(W.failedAfter, {
      member: info.member + 1,
      failed: formatList(selectFailed(ix, k), NARRATION_LIST_SHOWN, earlier),
    });
  }
  const e = step.event;
  const kind = e.kind === 'rescore' && info ? rescoreKind(ix, info) : 'extends';
  return {
    member: info ? memberLine(ix, k, info) : null,
    failed,
    detail:
      e.kind === 'rescore' && info && kind !== 'extends'
        ? fill(kind === 'resurrects' ? W.detail.rescoreResurrects : W.detail.rescoreAdds, {
            score: e.score,
            id: isolate(info.id),
          })
        : detailOf(e, ix.clockReads[k] ?? 0, step.group !== null, ix.run.executor === 'native'),
  };
}
