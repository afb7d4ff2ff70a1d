import { memo } from 'react';
import { formatRedisCli } from '../../stepper/words/format.ts';
import type { Reply } from '../../stepper/runs/trace-source.ts';
import type { Executor } from '../../scenario/types.ts';
import s from './stepper.module.css';

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
    <section className={s.panel} aria-label="The reply">
      <h3>reply</h3>
      {reply === null ? (
        <p className={`${s.muted} ${s.flush}`}>
          the {executor === 'script' ? 'script' : 'command'} has not returned yet
        </p>
      ) : (
        <>
          <div className={s.label}>redis-cli</div>
          <pre className={s.reply} data-testid="reply-cli">
            {formatRedisCli(reply)}
          </pre>
          <div className={s.label}>extend_locks/4 (wire {executor === 'script' ? 4 : 6})</div>
          <pre className={s.reply} data-testid="reply-elixir">
            {verbAnswer}
          </pre>
        </>
      )}
    </section>
  );
});
