import { useState } from 'react';
import { formatRedisCli, shownReply, type Reply } from '../../stepper/index.ts';
import { panelWords } from '../../../content/panels.ts';
import { cutNote } from '../../content/shown-cut.ts';
import { writeClipboard } from '../copy-button.tsx';
import s from './stepper.module.css';

const T = panelWords.reply;

/**
 * The most lines of a reply a panel shows. A learner's script may return as much as its step
 * budget lets it build and send (a reply of a hundred thousand lines): shown whole, the panel's
 * layout held the page for a second.
 */
export const MAX_REPLY_LINES = 1_000;

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
  const note = cutNote(cut);
  return (
    <>
      <pre className={className} data-testid={testId}>
        {lines.join('\n')}
      </pre>
      {note && (
        <p className={`${s.muted} ${s.flush}`}>
          {note}
          {' — '}
          <CopyAll reply={reply} />
        </p>
      )}
    </>
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
