import { useState } from 'react';
import { MAX_REPLY_LINES, formatRedisCli, shownReply, type Reply } from '../../stepper/index.ts';
import type { Cut } from '../../content/shown-cut.ts';
import { panelWords } from '../../../content/panels.ts';
import { cutNote } from '../../content/shown-cut.ts';
import { writeClipboard } from '../copy-button.tsx';
import s from './stepper.module.css';

const T = panelWords.reply;

/**
 * A reply as redis-cli prints it, its first {@link MAX_REPLY_LINES} lines each cut, formatted
 * only as far as they are shown (`shownReply`), with the console's note of what was left out and
 * its Copy all, which formats the whole reply only when asked.
 */
export function ShownReply({
  reply,
  testId,
  className = s.reply,
}: {
  reply: Reply;
  testId: string;
  className?: string;
}) {
  const { lines, cut } = shownReply(reply, MAX_REPLY_LINES);
  return (
    <>
      <pre className={className} data-testid={testId}>
        {lines.join('\n')}
      </pre>
      <CutReplyNote cut={cut} reply={reply} />
    </>
  );
}

/**
 * The note under a reply's shown lines saying what they left out (`200,000 lines; showing the
 * first 1,000`), with Copy all, or nothing when nothing was left out.
 */
export function CutReplyNote({ cut, reply }: { cut: Cut; reply: Reply }) {
  const note = cutNote(cut);
  return (
    note && (
      <p className={`${s.muted} ${s.flush}`}>
        {note}
        {' — '}
        <CopyAll reply={reply} />
      </p>
    )
  );
}

/** Copies the whole reply as redis-cli prints it, and says so in its own label. */
function CopyAll({ reply }: { reply: Reply }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className={s.inlineButton}
      onClick={() => {
        writeClipboard(formatRedisCli(reply)).then(
          () => setDone(true),
          () => setDone(false),
        );
      }}
    >
      {done ? T.copiedAll : T.copyAll}
    </button>
  );
}
