import { memo, useId } from 'react';
import {
  replyOnOneLine,
  changeText,
  chosenQuoted,
  type CallView,
  type ChangeView,
  type SoFar,
} from '../../stepper/index.ts';
import { panelWords } from '../../../content/panels.ts';
import { fill } from '../../content/template.ts';
import { cutLine } from '../../content/shown-cut.ts';
import { IsolatedText } from '../isolated-text.tsx';
import d from './script.module.css';
import s from './stepper.module.css';

/** How many of the latest items a list shows (a long run keeps its page light). */
const SHOWN = 60;
const T = panelWords;

// a call's argument as the script passed it: bare if it is one plain word, else quoted; made
// visible and, if it holds a right-to-left letter, isolated (the learner's text)
const argText = (a: string) => (/^[\x21-\x7e]+$/.test(a) && !a.includes('"') ? a : chosenQuoted(a));

export interface CallsPanelProps {
  calls: SoFar<CallView>;
  /** the step just taken (0-based), to mark its call */
  current: number | null;
}

/**
 * One call's line: the run's calls are the same objects from step to step, so a step re-renders
 * only the mark of the current call, never formats a call's args and reply again (a reply may be
 * megabytes). Its line is cut as the reply panel's are.
 */
const CallText = memo(function CallText({ call: c }: { call: CallView }) {
  return (
    <IsolatedText
      text={cutLine(
        fill(T.calls.call, {
          line: c.line,
          call: c.args.map(argText).join(' '),
          // formatted only as far as the cut line shows it: a reply may be a hundred thousand lines
          reply: replyOnOneLine(c.reply),
        }),
      )}
    />
  );
});

/** Every `redis.call` the script has made so far, with the reply it got, the latest last. */
export const CallsPanel = memo(function CallsPanel({ calls, current }: CallsPanelProps) {
  const title = useId();
  const { all, count } = calls;
  const from = Math.max(0, count - SHOWN);
  return (
    <section className={s.panel} aria-labelledby={title} data-testid="calls">
      <h3 className={s.panelTitle} id={title}>
        {fill(T.calls.heading, { count })}
      </h3>
      {count === 0 ? (
        <p className={`${s.muted} ${s.flush}`}>{T.calls.none}</p>
      ) : (
        <ol className={d.list} start={from + 1}>
          {all.slice(from, count).map((c) => (
            <li key={c.step} aria-current={c.step === current ? 'step' : undefined}>
              <CallText call={c} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
});

export interface ChangesPanelProps {
  changes: SoFar<ChangeView>;
  current: number | null;
  /** `other`: the member view's list of the writes its tables do not show */
  shows?: 'all' | 'other';
}

/** Every keyspace change the script has made so far, before → after, the latest last. */
export const ChangesPanel = memo(function ChangesPanel({
  changes,
  current,
  shows = 'all',
}: ChangesPanelProps) {
  const title = useId();
  const { all, count } = changes;
  const from = Math.max(0, count - SHOWN);
  return (
    <section className={s.panel} aria-labelledby={title} data-testid="changes">
      <h3 className={s.panelTitle} id={title}>
        {fill(shows === 'all' ? T.changes.heading : T.changes.otherHeading, { count })}
      </h3>
      {shows === 'other' ? <p className={`${s.muted} ${s.flush}`}>{T.changes.otherWhat}</p> : null}
      {count === 0 ? (
        <p className={`${s.muted} ${s.flush}`}>{T.changes.none}</p>
      ) : (
        <ol className={d.list} start={from + 1}>
          {all.slice(from, count).map((c, i) => (
            <li key={`${c.step} ${i}`} aria-current={c.step === current ? 'step' : undefined}>
              <IsolatedText
                text={fill(T.changes.change, { line: c.line, change: changeText(c.change) })}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
});
