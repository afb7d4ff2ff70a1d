/**
 * What the narration should say, built from the same words the stepper reads
 * (content/narration.ts) and the facts a test states: a test still fails when the narration
 * tells the wrong token, check, verdict or failed list, and a writer's rewording does not
 * break it.
 */
import { narrationWords } from '../../../content/narration.ts';
import { isolate } from '@batch-lease/redis-sim/client';
import { fill } from '../../content/template.ts';
import type { Check } from '../runs/trace-source.ts';

/** The narration's words, for the sentences a test names as they are. */
export const W = narrationWords;

/** A sentence as the page shows it: the isolate marks are `<bdi>` elements there, not text. */
export const onPage = (sentence: string): string => sentence.replace(/[\u2068\u2069]/g, '');

/**
 * A member's line: the id (isolated, as learner text always is: FSI … PDI, shown as `<bdi>`),
 * the checks told so far, then what followed (each after an arrow).
 */
export function memberSays(id: string, checks: readonly string[], ...then: string[]): string {
  return [fill(W.member.line, { id: isolate(id), checks: checks.join(', ') }), ...then].join(' → ');
}

/** "token 1" */
export const tokenSays = (token: string | number) => fill(W.member.token, { token });
/** "attempts 2" */
export const attemptsSays = (att: string | number) => fill(W.member.attempts, { att });
/** "failed (stale token)", by the check that decided */
export const failedSays = (check: Check) => fill(W.member.failed, { reason: W.reasons[check] });
/** "failed after member 1: []" (member counts from 1, as the learner reads it) */
export const failedAfterSays = (member: number, failed: string) =>
  fill(W.failedAfter, { member, failed });
/** "return failed: [...]", or what another script's `return` wrote (learner text, isolated) */
export const returnsSays = (reply: string, expr = 'failed') =>
  fill(W.detail.reply, { expr: isolate(expr), reply });
