import { isIntegerReply, type Reply } from '@batch-lease/redis-sim/client';
import type { WireReason } from '../wire-classes.ts';
import type { RaisedError } from './raised.ts';
import { atom, renderTerm, tuple, type Term } from './terms.ts';

/**
 * What a verb answered, as data. `raised` means the Elixir code raised before
 * anything was sent; `server-error` is an error reply passed through as the
 * verb's `other -> other` branch returns it.
 */
export type VerbOutcome =
  | { kind: 'ok' }
  | { kind: 'ok-failed'; failed: string[] }
  | { kind: 'refused'; reason: WireReason }
  | { kind: 'server-error'; message: string }
  | { kind: 'other'; reply: Reply }
  | { kind: 'raised'; error: RaisedError };

/** A verb's outcome and every command it sent, in order (empty when it raised). */
export interface VerbResult {
  outcome: VerbOutcome;
  sent: string[][];
}

/**
 * What `extend_locks/4` answers for the reply its call got: its `case` clause. An error reply
 * passes through as `{:error, %Redix.Error{}}`, a list of ids is `{:ok, failed}`, and any other
 * reply falls to `other -> other`. The one place this mapping lives, so a view that has a run's
 * reply (stepped or rewritten by a what-if) answers as the verb would for that very reply.
 */
export function verbOutcomeOfReply(reply: Reply): VerbOutcome {
  if (reply !== null && typeof reply === 'object' && 'error' in reply) {
    return { kind: 'server-error', message: reply.error };
  }
  if (Array.isArray(reply) && reply.every((r) => typeof r === 'string')) {
    return { kind: 'ok-failed', failed: reply as string[] };
  }
  return { kind: 'other', reply };
}

/** A reply as the Elixir term a connector hands back for it. */
export function replyTerm(r: Reply): Term {
  if (r === null || typeof r === 'string' || isIntegerReply(r)) return r;
  if (Array.isArray(r)) return r.map(replyTerm);
  // a Redix-style connector hands a status line back as a plain binary: "OK"
  if ('status' in r) return r.status;
  // a null array (an aborted EXEC) is nil to a Redix-style connector
  if ('nilArray' in r) return null;
  return serverErrorTerm(r.error);
}

/** An error reply as the term a Redix-style connector returns: `%Redix.Error{message: "..."}`. */
function serverErrorTerm(message: string): Term {
  return { struct: 'Redix.Error', fields: [['message', message]] };
}

/** The outcome as an Elixir term (a raise has no term; see {@link renderOutcome}). */
export function outcomeTerm(o: Exclude<VerbOutcome, { kind: 'raised' }>): Term {
  switch (o.kind) {
    case 'ok':
      return atom('ok');
    case 'ok-failed':
      return tuple(atom('ok'), o.failed);
    case 'refused':
      return tuple(atom('error'), atom(o.reason));
    case 'server-error':
      return tuple(atom('error'), serverErrorTerm(o.message));
    case 'other':
      return tuple(atom('ok'), replyTerm(o.reply));
  }
}

/** The outcome as iex shows it: the returned term, or `** (Exception) message` for a raise. */
export function renderOutcome(o: VerbOutcome): string {
  return o.kind === 'raised' ? o.error.render() : renderTerm(outcomeTerm(o));
}
