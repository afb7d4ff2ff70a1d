import { useEffect, useState } from 'react';
import {
  compareFinal,
  type ReplyCell,
  type RunSource,
  isPending,
  runFor,
  runFailureWords,
} from '../../stepper/index.ts';
import type { Scenario } from '../../scenario/index.ts';
import { editorWords } from '../../../content/editors.ts';
import { stepperWords } from '../../../content/stepper.ts';
import { fill } from '../../content/template.ts';
import s from './stepper.module.css';
import { TableWrap } from './TableWrap.tsx';
import { LoadingSimulator } from './LoadingSimulator.tsx';
import { CutReplyNote } from './ShownReply.tsx';

const T = editorWords.compare;

export interface CompareViewProps {
  runs: RunSource;
  scenario: Scenario;
  /** the script text the stepper runs when it is not the lesson's (a what-if or the learner's) */
  script?: string | null;
}

/** Both executors' runs of `scenario`, or null while either waits for the simulator. */
function bothRuns(runs: RunSource, scenario: Scenario, text: string | null) {
  const script = runFor(runs, scenario, 'script', 'real', text);
  const native = runFor(runs, scenario, 'native', 'real');
  return isPending(script) || isPending(native) ? null : { script, native };
}

/** Both executors' final states on the same scenario, side by side, differences marked. */
export function CompareView({ runs, scenario, script: text = null }: CompareViewProps) {
  // the two runs for what is compared now, asked for again when that changes and once more
  // when the simulator arrives (null while they wait for it)
  const [asked, setAsked] = useState(() => ({
    runs,
    scenario,
    text,
    both: bothRuns(runs, scenario, text),
  }));
  if (asked.runs !== runs || asked.scenario !== scenario || asked.text !== text) {
    setAsked({ runs, scenario, text, both: bothRuns(runs, scenario, text) });
  }
  const both = asked.both;
  // the load's failure, shown until Retry clears it and so asks again
  const [failed, setFailed] = useState<Error | null>(null);
  useEffect(() => {
    if (both || failed) return;
    let live = true;
    runs.load().then(
      () => live && setAsked({ runs, scenario, text, both: bothRuns(runs, scenario, text) }),
      (e: unknown) => live && setFailed(e instanceof Error ? e : new Error(String(e))),
    );
    return () => {
      live = false;
    };
  }, [both, runs, scenario, text, failed]);
  if (!both) {
    return failed ? (
      <div className={s.notice} role="alert">
        <span>{runFailureWords(failed)}</span>
        <button type="button" className={s.button} onClick={() => setFailed(null)}>
          {stepperWords.alerts.retry}
        </button>
      </div>
    ) : (
      <LoadingSimulator />
    );
  }
  const native = both.native;
  const rows = compareFinal(both.script, native, scenario);
  const differing = rows.filter((r) => r.differs).length;
  const scriptHead = text === null ? T.script : T.scriptRunning;
  return (
    <div className={s.stack}>
      {'reason' in native ? (
        <p className={`${s.notice} ${s.flush}`} role="note">
          {native.reason}
        </p>
      ) : (
        <p className={`${s.muted} ${s.flush}`} data-testid="compare-summary">
          {differing === 0
            ? T.agree
            : differing === 1
              ? T.differOne
              : fill(T.differMany, { count: differing })}
        </p>
      )}
      {/* each quantity is a row group: its name over the whole width, then the two values side
          by side in halves, so a long name or value never squeezes the other column; on a
          phone's stage, one under the other, each under its executor's name */}
      <TableWrap label={T.table}>
        <table className={`${s.table} ${s.compareTable}`} aria-label={T.caption}>
          <thead>
            <tr>
              <th scope="col">{scriptHead}</th>
              <th scope="col">{T.native}</th>
            </tr>
          </thead>
          {rows.map((r) => (
            <tbody
              key={r.label}
              className={r.differs ? s.diff : undefined}
              data-differs={r.differs}
            >
              <tr>
                <th scope="rowgroup" colSpan={2} className={`${s.mono} ${s.medium}`}>
                  {r.differs ? (
                    <>
                      {/* the space outside the mark, so its name and the quantity's read apart */}
                      <span className={s.diffMark} aria-label={T.differs}>
                        ≠
                      </span>{' '}
                    </>
                  ) : null}
                  {r.label}
                </th>
              </tr>
              <tr>
                <Cell
                  text={r.script}
                  reply={r.replies?.script}
                  testId="compare-reply-script"
                  label={scriptHead}
                />
                <Cell
                  text={r.native}
                  reply={r.replies?.native}
                  testId="compare-reply-native"
                  label={T.native}
                />
              </tr>
            </tbody>
          ))}
        </table>
      </TableWrap>
    </div>
  );
}

/**
 * A cell of the table: a reply's cell shows its first lines, with the note of what they left
 * out and Copy all (the lines kept in a child of their own, so they read apart from the note).
 */
function Cell({
  text,
  reply,
  testId,
  label,
}: {
  text: string;
  reply: ReplyCell | null | undefined;
  testId: string;
  /** its column's header, drawn above the value where the values stand one under the other */
  label: string;
}) {
  return (
    <td className={`${s.mono} ${s.idList}`} data-label={label}>
      {reply ? (
        <>
          <div data-testid={testId}>{text}</div>
          <CutReplyNote cut={reply.cut} reply={reply.reply} />
        </>
      ) : (
        text
      )}
    </td>
  );
}
