/**
 * The pieces both native handlers share, named after the host calls in the
 * listings (`host::shape`, `host::positive_int`, `host::fence`,
 * `lease_verdict`): each answers a value or one of the native replies table's
 * errors, and the handlers yield a step for each.
 */
import {
  type AclUser,
  type CommandContext,
  isError,
  mayAccessKey,
  type Reply,
  type ScriptRun,
  stepper as simStepper,
  type TraceStep as SimTraceStep,
} from '@batch-lease/redis-sim';
import type { Check, ListingId, StepEvent } from '../scripts/lesson-trace.ts';
import { nativeError, type NativeVerb } from './replies.ts';

/** A native run: yields the lesson's steps, returns the reply (an error reply when refused). */
export type NativeRun = ScriptRun<StepEvent>;

/** A step a native handler yields: the lesson's events, in one of its listings. */
type NativeStep = SimTraceStep<StepEvent>;

/** The verdict of the read pass for one lease, as `lease_verdict` answers it. */
export type Lease = 'live' | Check;

/** numkeys, the two keys and ARGV (1-based as in the listing: `arg(1)` is the lease). */
export interface Shape {
  verb: NativeVerb;
  keys: readonly [string, string];
  argv: readonly string[];
}

/** `host::argc()`: how many arguments follow the keys. */
export const argc = (s: Shape): number => s.argv.length;
/** `host::arg(i)`: argument `i` after the keys, 1-based as in the listing ('' past the end). */
export const argAt = (s: Shape, i: number): string => s.argv[i - 1] ?? '';

/**
 * `host::shape(verb, args, 2)`: numkeys must be 2, and the two keys and the
 * lease must be there. Only the shape: the pairing is each handler's own check.
 */
export function shape(verb: NativeVerb, args: readonly string[]): Shape | { error: string } {
  if (args.length < 2) return nativeError('arg-count', verb);
  const numkeys = args[1] ?? '';
  if (numkeys !== '2') return nativeError('numkeys', verb, { got: clip(numkeys) });
  if (args.length < 5) return nativeError('arg-count', verb);
  return { verb, keys: [args[2] ?? '', args[3] ?? ''], argv: args.slice(4) };
}

const I64_MAX = (1n << 63n) - 1n;

/** `host::positive_int`: decimal digits, no sign, no leading zero, at most 2^63 - 1. */
export function positiveInt(verb: NativeVerb, text: string): bigint | { error: string } {
  if (/^[1-9][0-9]*$/.test(text)) {
    const n = BigInt(text);
    if (n <= I64_MAX) return n;
  }
  return nativeError('lease', verb, { got: clip(text) });
}

/** `host::deadline`: now + lease, which must fit in an i64. */
export function deadline(verb: NativeVerb, now: number, lease: bigint): bigint | { error: string } {
  const at = BigInt(now) + lease;
  return at > I64_MAX ? nativeError('deadline', verb) : at;
}

/** `host::fence`: the caller the rows are opened as (the connection's user). */
export function fence(ctx: CommandContext): AclUser | null {
  return ctx.host.acl.get(ctx.conn.user) ?? null;
}

/** `caller.open(key, access)`: the caller's ACL key permissions, without running anything. */
export function open(
  verb: NativeVerb,
  caller: AclUser,
  key: string,
  access: 'read' | 'write',
): { error: string } | null {
  const need = { read: access === 'read', write: access === 'write' };
  return mayAccessKey(caller, key, need) ? null : nativeError('noperm-row', verb, { access, key });
}

/**
 * A call made by the module itself (ValkeyModule_Call without the ACL flag):
 * the command runs on the keyspace with no permissions check, because the
 * handler has already opened each key as the caller.
 */
export function moduleCall(ctx: CommandContext, args: readonly string[]): Reply {
  const found = ctx.host.commands.lookup(args);
  if ('unknown' in found) throw new Error(`native handler called unknown ${args[0]}`);
  return found.spec.run({ ...ctx, inScript: false, trace: null }, args);
}

/** Builds a native handler's steps in its listing, with the lesson's events. */
export const stepper = (listing: ListingId) => simStepper<StepEvent>(listing);

/** A step that refused something before any write. */
export type RefusedAt = 'shape' | 'arity' | 'layout' | 'lease' | 'fence' | 'open';

/**
 * The refusal both handlers share: the native step that refused, then the error the
 * command answers. Nothing has been written when it runs.
 */
export function refuser(step: ReturnType<typeof stepper>) {
  return function* refuse(
    line: number,
    member: number | null,
    what: RefusedAt,
    error: string,
  ): NativeRun {
    yield step(line, member, { kind: 'native', what, ok: false, detail: error });
    yield step(line, member, { kind: 'error', error });
    return { error };
  };
}

/**
 * `lease_verdict(ctx, active, row, id, token)`: the script's three checks in
 * the script's order (a row, the token as a string compare, membership of
 * active), each yielded as a step on `line`. A wrong-typed row or active key
 * answers WRONGTYPE, which the handler passes on.
 */
export function* leaseVerdict(
  ctx: CommandContext,
  step: ReturnType<typeof stepper>,
  line: number,
  member: number,
  active: string,
  row: string,
  id: string,
  token: string,
): Generator<NativeStep, Lease | { error: string }, void> {
  const hget = ['HGET', row, 'attempts'];
  const att = moduleCall(ctx, hget);
  yield step(line, member, { kind: 'command', args: hget, reply: att });
  if (isError(att)) return att;
  const attText = att as string | null;
  yield step(line, member, {
    kind: 'check',
    check: 'row',
    passed: attText !== null,
    att: attText,
    token,
  });
  if (attText === null) return 'row';
  const same = attText === token;
  yield step(line, member, { kind: 'check', check: 'token', passed: same, att: attText, token });
  if (!same) return 'token';
  const zscore = ['ZSCORE', active, id];
  const score = moduleCall(ctx, zscore);
  yield step(line, member, { kind: 'command', args: zscore, reply: score });
  if (isError(score)) return score;
  const inActive = score !== null;
  yield step(line, member, {
    kind: 'check',
    check: 'membership',
    passed: inActive,
    att: attText,
    token,
  });
  return inActive ? 'live' : 'membership';
}

/** The cached command time as TIME would report it: seconds and microseconds, as strings. */
export function clockParts(now: number): { seconds: string; micros: string } {
  const seconds = Math.floor(now / 1000);
  return { seconds: String(seconds), micros: String((now - seconds * 1000) * 1000) };
}

/** A value echoed in an error, cut short so a huge argument cannot flood the reply. */
function clip(text: string): string {
  return text.length > 64 ? `${text.slice(0, 64)}…` : text;
}
