import { integerToString, inspectBinary, jobIdProblem, RaisedError } from '@batch-lease/echomq';
import { validationWords as W } from '../../content/validation.ts';
import { fill } from '../content/template.ts';
import { gateRefusal } from './gate.ts';
import type { Scenario } from './types.ts';

/** Where a refusal belongs in the editor. */
export type Field =
  | { kind: 'id'; pair: number }
  | { kind: 'token'; pair: number }
  | { kind: 'lease' }
  | { kind: 'clock' }
  | { kind: 'attempts'; id: string }
  | { kind: 'leaseLeft'; id: string }
  | { kind: 'group'; id: string }
  | { kind: 'trailing' }
  | { kind: 'shape' };

export interface Refusal {
  field: Field;
  message: string;
}

const INTEGER = /^-?(0|[1-9][0-9]*)$/;

/** The message the verb's guard raises for a lease that is not a positive integer. */
export const LEASE_GUARD_MESSAGE =
  '** (FunctionClauseError) no function clause matching in EchoMQ.Jobs.extend_locks/4';

/**
 * A refusal as the learner reads it: the rule in plain words first, then what the real system
 * says (its own words, verbatim), so the raw exception is kept but never stands alone.
 */
export const ruleThenSystem = (rule: string, who: string, words: string): string =>
  fill(W.ruleThenSystem, { rule, who, words });

const capitalised = (rule: string) => `${rule[0]!.toUpperCase()}${rule.slice(1)}`;

/** The refusal for a typed id: the rule, then the gate's words; or null. */
export function refuseId(text: string): string | null {
  const raised = gateRefusal(text);
  if (raised === null) return null;
  const rule = jobIdProblem(text) ?? W.id.otherwise;
  return ruleThenSystem(capitalised(rule), W.id.who, raised);
}

/**
 * A typed lane group. A group name becomes part of a key (the lane's own keys hang off it), so
 * the key builder holds it to an id's rule: not blank, no whitespace or control characters, no
 * { or } (the queue's hashtag), at most the id's byte length. Empty means a flat job.
 */
export function refuseGroup(text: string): string | null {
  if (text === '') return null;
  const problem = jobIdProblem(text);
  if (problem === null) return null;
  const rule = problem.replace('an id', W.group.subject);
  return ruleThenSystem(
    fill(W.group.because, { rule: capitalised(rule) }),
    W.group.who,
    `** (ArgumentError) invalid group ${inspectBinary(text)}: ${rule}`,
  );
}

/**
 * A typed token. The verb sends Integer.to_string(token), so anything but an integer raises
 * there; the refusal is that raise, as iex prints it.
 */
export function refuseToken(text: string): string | null {
  if (INTEGER.test(text) && Number.isSafeInteger(Number(text))) return null;
  const rule = fill(W.token.rule, { typed: JSON.stringify(text) });
  try {
    // a string is never an Elixir integer: this raises the verb's own ArgumentError
    integerToString(text);
    return null;
  } catch (e) {
    if (e instanceof RaisedError) return ruleThenSystem(rule, W.token.who, e.render().trimEnd());
    throw e;
  }
}

/**
 * A typed lease. Through the verb it must be a positive integer (the guard
 * `is_integer(lease_ms) and lease_ms > 0`); a raw client may send any integer.
 */
export function refuseLease(text: string, client: Scenario['client']): string | null {
  if (!INTEGER.test(text)) return fill(W.lease.notInteger, { typed: JSON.stringify(text) });
  if (client === 'verb' && Number(text) <= 0)
    return ruleThenSystem(
      fill(W.lease.notPositive, { typed: text }),
      W.lease.who,
      LEASE_GUARD_MESSAGE,
    );
  if (!Number.isSafeInteger(Number(text))) return W.lease.outOfRange;
  return null;
}

/** A typed clock in ms since the epoch. */
export function refuseClock(text: string): string | null {
  if (!/^(0|[1-9][0-9]*)$/.test(text)) return W.clock.notWhole;
  if (Number(text) > 8_640_000_000_000_000) return W.clock.tooLate;
  return null;
}

/** A typed non-negative integer (attempts, the lease left on an active member). */
export function refuseCount(text: string, what: string): string | null {
  return /^(0|[1-9][0-9]*)$/.test(text) && Number.isSafeInteger(Number(text))
    ? null
    : fill(W.count, { what, typed: JSON.stringify(text) });
}

/** Every refusal a committed scenario would draw, in editor order (empty when valid). */
export function validateScenario(s: Scenario): Refusal[] {
  const out: Refusal[] = [];
  s.held.forEach((p, pair) => {
    const id = refuseId(p.id);
    if (id) out.push({ field: { kind: 'id', pair }, message: id });
    if (!Number.isSafeInteger(p.token)) {
      out.push({ field: { kind: 'token', pair }, message: refuseToken(String(p.token)) ?? '' });
    }
  });
  const lease = refuseLease(String(s.leaseMs), s.client);
  if (lease) out.push({ field: { kind: 'lease' }, message: lease });
  const clock = refuseClock(String(s.clockMs));
  if (clock) out.push({ field: { kind: 'clock' }, message: clock });
  if (s.trailingId !== null) {
    if (s.client !== 'raw') {
      out.push({
        field: { kind: 'trailing' },
        message: W.trailingNeedsRaw,
      });
    }
    const t = refuseId(s.trailingId);
    if (t) out.push({ field: { kind: 'trailing' }, message: t });
  }
  if (s.activeKeyOverride !== null && s.client !== 'raw') {
    out.push({
      field: { kind: 'shape' },
      message: W.activeKeyNeedsRaw,
    });
  }
  for (const j of s.jobs) {
    if (!Number.isSafeInteger(j.attempts) || j.attempts < 0) {
      out.push({
        field: { kind: 'attempts', id: j.id },
        message: W.attempts,
      });
    }
    const group = j.group === null ? null : refuseGroup(j.group);
    if (group) out.push({ field: { kind: 'group', id: j.id }, message: group });
    if (!Number.isSafeInteger(j.leaseLeftMs)) {
      out.push({
        field: { kind: 'leaseLeft', id: j.id },
        message: W.leaseLeft,
      });
    }
  }
  return out;
}
