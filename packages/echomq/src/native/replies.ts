/**
 * Every reply and error the native commands send, in one table the lesson can
 * show. The handlers build their texts from here only, so the table cannot
 * drift from what a learner sees.
 *
 * Errors follow the module convention the seed's own text uses
 * (`ERR EMQ.EXTENDS wrong number of arguments`): a class, the verb, then what is
 * wrong. A refusal before the write pass writes nothing.
 */
import { WRONGTYPE } from '@batch-lease/redis-sim/client';
import { wireErrorText } from '../wire-classes.ts';

/** The two native commands. */
export type NativeVerb = 'EMQ.EXTENDS' | 'EMQ.EXTEND';

/** One row of the table: what is sent, by which command, and when. */
export interface NativeReply {
  id: string;
  verbs: readonly NativeVerb[];
  kind: 'reply' | 'error';
  /** the text as sent; `{verb}` is the command's name, other `{…}` are the values named in `when` */
  text: string;
  when: string;
}

const BOTH: readonly NativeVerb[] = ['EMQ.EXTENDS', 'EMQ.EXTEND'];

/** The native replies table, in the order a command can meet them. */
export const NATIVE_REPLIES = [
  {
    id: 'arg-count',
    verbs: BOTH,
    kind: 'error',
    text: 'ERR {verb} wrong number of arguments',
    when:
      'too few arguments for numkeys, two keys and the lease; for EMQ.EXTENDS an even ARGV count ' +
      '(a trailing id without its token); for EMQ.EXTEND anything but lease_ms, id, token',
  },
  {
    id: 'numkeys',
    verbs: BOTH,
    kind: 'error',
    text: "ERR {verb} numkeys must be 2, got '{got}'",
    when: 'numkeys ({got}) is not 2',
  },
  {
    id: 'layout-extends',
    verbs: ['EMQ.EXTENDS'],
    kind: 'error',
    text: "ERR {verb} key layout: KEYS[1] must be KEYS[2] .. 'active'",
    when: 'KEYS[1] is not the active set of the base in KEYS[2]',
  },
  {
    id: 'layout-active',
    verbs: ['EMQ.EXTEND'],
    kind: 'error',
    text: "ERR {verb} key layout: KEYS[1] must end in 'active'",
    when: 'KEYS[1] is not an active set',
  },
  {
    id: 'layout-row',
    verbs: ['EMQ.EXTEND'],
    kind: 'error',
    text: 'ERR {verb} key layout: KEYS[2] must be the row of ARGV[2]',
    when: "KEYS[2] is not the row of the id under KEYS[1]'s base",
  },
  {
    id: 'lease',
    verbs: BOTH,
    kind: 'error',
    text: "ERR {verb} lease_ms must be a positive integer, got '{got}'",
    when: 'ARGV[1] ({got}) is zero, signed, fractional, not a number, or above 2^63 - 1',
  },
  {
    id: 'fence',
    verbs: BOTH,
    kind: 'error',
    text: "ERR {verb} no caller to open the rows as: user '{user}' does not exist",
    when: "the connection's user was deleted (a real server would have closed the connection)",
  },
  {
    id: 'deadline',
    verbs: BOTH,
    kind: 'error',
    text: 'ERR {verb} lease_ms is too large: now + lease_ms overflows a 64-bit integer',
    when: 'the deadline does not fit in a signed 64-bit integer',
  },
  {
    id: 'noperm-row',
    verbs: BOTH,
    kind: 'error',
    text: 'NOPERM {verb} this user has no permissions to {access} the job row {key}',
    when:
      'the caller may not read a row ({access} = read, in the read pass) or write a live row ' +
      '({access} = write, before any write); nothing is written',
  },
  {
    id: 'wrongtype',
    verbs: BOTH,
    kind: 'error',
    text: WRONGTYPE,
    when:
      'a row that is not a hash, or an active key that is not a sorted set, met in the read pass; ' +
      'nothing is written, wherever it sits in the batch',
  },
  {
    id: 'gone',
    verbs: ['EMQ.EXTEND'],
    kind: 'error',
    text: wireErrorText('gone'),
    when: 'no row (the single script’s EMQGONE)',
  },
  {
    id: 'stale',
    verbs: ['EMQ.EXTEND'],
    kind: 'error',
    text: wireErrorText('stale'),
    when: 'the row’s attempts is not the token (EMQSTALE)',
  },
  {
    id: 'not-active',
    verbs: ['EMQ.EXTEND'],
    kind: 'error',
    text: wireErrorText('not_active'),
    when: 'the id is not in active (EMQNOTACTIVE)',
  },
  {
    id: 'failed',
    verbs: ['EMQ.EXTENDS'],
    kind: 'reply',
    text: '*<n> the ids not extended, in input order (an empty array when every lease was live)',
    when: 'the read pass passed; each live lease was re-scored and stamped',
  },
  {
    id: 'extended',
    verbs: ['EMQ.EXTEND'],
    kind: 'reply',
    text: ':1',
    when: 'the lease was live; it was re-scored and stamped',
  },
] as const satisfies readonly NativeReply[];

/** The id of a row of {@link NATIVE_REPLIES}. */
export type NativeReplyId = (typeof NATIVE_REPLIES)[number]['id'];

/** The text of table row `id`, with `{verb}` and the other placeholders filled in. */
export function nativeText(
  id: NativeReplyId,
  verb: NativeVerb,
  values: Record<string, string> = {},
): string {
  const row = NATIVE_REPLIES.find((r) => r.id === id);
  if (!row) throw new Error(`no native reply ${id}`);
  return row.text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name === 'verb' ? verb : (values[name] ?? whole),
  );
}

/** The error reply of table row `id`. */
export function nativeError(
  id: NativeReplyId,
  verb: NativeVerb,
  values?: Record<string, string>,
): { error: string } {
  return { error: nativeText(id, verb, values) };
}
