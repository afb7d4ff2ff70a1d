/**
 * A member's verdict cell in words (content/panels.ts), with a native refusal said on every
 * member once it has happened: the read pass's "live" is not a write.
 */
import { panelWords } from '../../../content/panels.ts';
import { fill } from '../../content/template.ts';
import type { RunIndex } from '../runs/run-index.ts';
import { selectMemberState, type MemberState, type Verdict } from '../views/selectors.ts';

const V = panelWords.verdicts;

/** What a native refusal means for every member of the batch. */
export const NOTHING_WRITTEN = V.nothingWritten;

/** The words of a verdict cell; `reason` names the check a failed member fell at. */
export function verdictWords(
  st: Pick<MemberState, 'verdict' | 'rescore' | 'refused'>,
  reason?: string,
): string {
  const base: Record<Verdict, string> = {
    // what the ZADD did, when it was not the extension the lesson's script makes
    rescored:
      st.rescore === 'resurrects' ? V.resurrected : st.rescore === 'adds' ? V.madeAnew : V.rescored,
    // under a refusal the cell goes on to say nothing was written: the short word, so a phone's
    // narrow verdict column holds it in a few lines
    live: st.refused ? V.liveRefused : V.live,
    failed: reason ? fill(V.failedBecause, { reason }) : V.failed,
    error: V.error,
    pending: st.refused ? V.notReached : V.pending,
  };
  const verdict = base[st.verdict];
  return st.refused ? fill(V.refused, { verdict }) : verdict;
}

/**
 * Every verdict member `m`'s cell says in the run, each once, longest first: the words its cell
 * is sized for from the first step, so a verdict coming in ("live (read pass)", a refusal's
 * sentence) makes its row no taller and its column no wider, and moves nothing around it. A
 * cell's words change only where the member's verdict is reached or re-scored and where a
 * native command refuses, so it is read there, at the start and at the end.
 */
export function verdictWordsOfRun(ix: RunIndex, m: number): string[] {
  const info = ix.members[m];
  const at = [0, ix.n, ix.refusedAt + 1];
  if (info) at.push(info.verdictStep + 1, info.rescoreStep + 1);
  const words = new Set(
    at.filter((k) => k <= ix.n).map((k) => verdictWords(selectMemberState(ix, k, m))),
  );
  return [...words].sort((a, b) => b.length - a.length);
}
