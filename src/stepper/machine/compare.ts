/** The compare view's data: the two executors' final states on one scenario, side by side. */
import type { Scenario } from '../../scenario/index.ts';
import type { Cut } from '../../content/shown-cut.ts';
import { sameReplyText } from '../words/same-reply-text.ts';
import { MAX_REPLY_LINES, shownReply } from '../words/shown-reply.ts';
import { keyspaceAt, type RunIndex } from '../runs/run-index.ts';
import { selectJobRows, selectReply } from '../views/selectors.ts';
import type { Reply, UnavailableRun } from '../runs/trace-source.ts';

/** A reply's cell: what its shown lines left out, and the reply, which Copy all formats whole. */
export interface ReplyCell {
  cut: Cut;
  reply: Reply;
}

export interface CompareRow {
  label: string;
  /** what the row shows in the script's column: a reply's first lines, each cut */
  script: string;
  native: string;
  differs: boolean;
  /** on the reply row, each run's reply and what its shown text left out (none: unavailable) */
  replies?: { script: ReplyCell | null; native: ReplyCell | null };
}

const outcome = (ix: RunIndex | UnavailableRun, f: (ix: RunIndex) => string) =>
  'n' in ix ? f(ix) : '—';

/**
 * The rows of the compare view: the reply, then each held id's score, lease_epoch and place. A
 * reply shows its first `replyLines` lines as redis-cli prints them, each cut, formatted only
 * as far as shown (`shownReply`): a learner's script may reply a hundred thousand lines, which
 * formatted and laid out whole in the table held the page. The row differs when the whole texts
 * would (`sameReplyText`, which formats no more than it must either).
 */
export function compareFinal(
  script: RunIndex | UnavailableRun,
  native: RunIndex | UnavailableRun,
  scenario: Scenario,
  limit = 40,
  replyLines = MAX_REPLY_LINES,
): CompareRow[] {
  const rows: CompareRow[] = [];
  const add = (label: string, f: (ix: RunIndex) => string) => {
    const a = outcome(script, f);
    const b = outcome(native, f);
    rows.push({ label, script: a, native: b, differs: 'n' in script && 'n' in native && a !== b });
  };
  const cellOf = (ix: RunIndex | UnavailableRun) => {
    if (!('n' in ix)) return { text: '—', cell: null };
    const reply = selectReply(ix, ix.n);
    const { lines, cut } = shownReply(reply, replyLines);
    return { text: lines.join('\n'), cell: { cut, reply } };
  };
  const a = cellOf(script);
  const b = cellOf(native);
  rows.push({
    label: 'reply',
    script: a.text,
    native: b.text,
    differs: a.cell !== null && b.cell !== null && !sameReplyText(a.cell.reply, b.cell.reply),
    replies: { script: a.cell, native: b.cell },
  });
  const ids = [...new Set(scenario.held.map((p) => p.id))].slice(0, limit);
  for (const id of ids) {
    add(`${id} · active score`, (ix) => {
      const v = keyspaceAt(ix, ix.n).active.get(id);
      return v === undefined ? 'not in active' : String(v);
    });
    add(`${id} · lease_epoch`, (ix) => {
      const row = selectJobRows(ix, ix.n, scenario).find((r) => r.id === id);
      return row?.leaseEpoch ?? '—';
    });
  }
  return rows;
}
