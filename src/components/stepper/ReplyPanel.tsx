import { visibleText } from '@batch-lease/redis-sim/client';
import { memo } from 'react';
import { formatRedisCli, type Reply } from '../../stepper/index.ts';
import type { Executor } from '../../scenario/index.ts';
import { panelWords } from '../../../content/panels.ts';
import { fill } from '../../content/template.ts';
import s from './stepper.module.css';

const T = panelWords.reply;

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
          <pre className={s.reply} data-testid="reply-cli">
            {formatRedisCli(reply)}
          </pre>
          <div className={s.label}>{fill(T.verb, { wire: executor === 'script' ? 4 : 6 })}</div>
          <pre className={s.reply} data-testid="reply-elixir">
            {/* iex prints an RLO or a zero-width space raw: spelled out, it cannot turn the reply */}
            {visibleText(verbAnswer)}
          </pre>
        </>
      )}
    </section>
  );
});
