import type { Reply } from '../trace-types.ts';
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

/** A reply as the Elixir term a connector hands back for it. */
export function replyTerm(r: Reply): Term {
  if (r === null || typeof r === 'string' || typeof r === 'number') return r;
  if (Array.isArray(r)) return r.map(replyTerm);
  // a Redix-style connector hands a status line back as a plain binary: "OK"
  if ('status' in r) return r.status;
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
