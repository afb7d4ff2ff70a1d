import { visibleText } from '@batch-lease/redis-sim/client';
import { memo } from 'react';
import { MAX_REPLY_LINES, type Reply } from '../../stepper/index.ts';
import type { Executor } from '../../scenario/index.ts';
import { panelWords } from '../../../content/panels.ts';
import { fill } from '../../content/template.ts';
import { cutNote, cutText } from '../../content/shown-cut.ts';
import { ShownReply } from './ShownReply.tsx';
import s from './stepper.module.css';

const T = panelWords.reply;

/** The verb's answer as the panel shows it: cut, with the note saying what was left out. */
function Shown({ text, testId }: { text: string; testId: string }) {
  const { text: shown, cut } = cutText(text, MAX_REPLY_LINES);
  const note = cutNote(cut);
  return (
    <>
      <pre className={s.reply} data-testid={testId}>
        {shown}
      </pre>
      {note && <p className={`${s.muted} ${s.flush}`}>{note}</p>}
    </>
  );
}

export interface ReplyPanelProps {
  reply: Reply | null;
  /** what extend_locks/4 answers on this executor's wire, as iex shows it */
  verbAnswer: string;
  executor: Executor;
}

/** The run's reply as redis-cli prints it, and the verb's answer in Elixir terms. */
export const ReplyPanel = memo(function ReplyPanel({
  reply,
  verbAnswer,
  executor,
}: ReplyPanelProps) {
  return (
    <section className={s.panel} aria-label={T.region}>
      <h3>{T.heading}</h3>
      {reply === null ? (
        <p className={`${s.muted} ${s.flush}`}>
          {executor === 'script' ? T.notYetScript : T.notYetNative}
        </p>
      ) : (
        <>
          <div className={s.label}>{T.cli}</div>
          <ShownReply reply={reply} testId="reply-cli" />
          <div className={s.label}>{fill(T.verb, { wire: executor === 'script' ? 4 : 6 })}</div>
          {/* iex prints an RLO or a zero-width space raw: spelled out, it cannot turn the reply */}
          <Shown text={visibleText(verbAnswer)} testId="reply-elixir" />
        </>
      )}
    </section>
  );
});
