import { useCallback, useEffect, useMemo, useState } from 'react';
import { forkSpecAt, runLineOf } from '../../console/index.ts';
import { movedToHash, sharedIn, withShared } from '../../console/share.ts';
import type { RunIndex } from '../../stepper/index.ts';
import type { Scenario } from '../../scenario/index.ts';
import { EmbedButton } from '../../embed/EmbedButton.tsx';
import { useEmbedPlace } from '../../embed/in-embed.ts';
import { useLinesArriving } from './use-lines-arriving.ts';
import { Console } from './Console.tsx';
import { consoleWords as T } from '../../../content/console.ts';
import { fill } from '../../content/template.ts';
import { CopyRunLine } from './CopyRunLine.tsx';

export interface StepperConsoleProps {
  /**
   * The run the console forks; null while the learner's script has no run (a link's script
   * held, not run, or a run of it that did not end): then it forks the server that run would
   * start from, its step 0.
   */
  ix: RunIndex | null;
  k: number;
  scenario: Scenario;
  /** the script's text, while `ix` is null: loaded as the run would have loaded it */
  heldScript?: string | null;
  /**
   * why `ix` is null: the link's script is held, not run (the machine's `held`), or its run did
   * not end (the learner stopped it, or the time limit ended it), so nothing of it was kept
   */
  notRun?: 'held' | 'ended';
}

/** Where in a run of n steps a fork at step k stands, in words. */
export function stepWords(k: number, n: number): string {
  if (k <= 0) return fill(T.before, { n });
  if (k >= n) return fill(T.after, { n });
  return fill(T.step, { k, n });
}

/**
 * The console in the stepper: a fork of the stepper's server at the step shown. While
 * nothing has been typed it follows the stepper; once a line is typed it stays on its fork
 * until "Reset to step k" brings it to the step the stepper stands on now. The typed lines
 * go into the URL's hash (`console=`, share.ts), so a shared link forks at the same step and
 * replays them. Lines that arrive in the hash while the console is open (a course platform
 * restoring the learner's place) start it afresh from them.
 */
export default function StepperConsole(props: StepperConsoleProps) {
  const { ownsPage } = useEmbedPlace();
  const arrivals = useLinesArriving(ownsPage);
  // the held script run or dropped: the console starts afresh on the run, as a link's console
  // opens, its lines (those typed on the held one too, at step 0) replayed from the URL
  const held = props.ix === null ? 'held' : 'run';
  return <ConsoleAtStep key={`${arrivals}:${held}`} {...props} />;
}

/** The steps of no run: a held script's console forks before any. */
const NO_STEPS: RunIndex['run']['steps'] = [];

function ConsoleAtStep({
  ix,
  k,
  scenario,
  heldScript = null,
  notRun = 'held',
}: StepperConsoleProps) {
  // inside a custom element the host's URL and storage are not the console's
  const { embedded, ownsPage } = useEmbedPlace();
  const shared = useMemo(
    () => (typeof window === 'undefined' || !ownsPage ? null : sharedIn(window.location)),
    [ownsPage],
  );
  // an old link's `?console=` moves into the hash, where no server log sees it
  useEffect(() => {
    if (!ownsPage) return;
    const moved = movedToHash(window.location);
    if (moved) window.history.replaceState(window.history.state, '', moved);
  }, [ownsPage]);
  const n = ix?.n ?? 0;
  // a held script's console stands at step 0, the server its run would start from: the same
  // fork (forkSpecAt) as step 0 of the run once it is made, so a line typed meanwhile, replayed
  // there from the URL, answers as it did
  const [base, setBase] = useState(() => (ix === null ? 0 : Math.min(shared?.step ?? k, n)));
  const [resets, setResets] = useState(0);
  // how many runs this console has been handed: a new run (another scenario, executor or
  // variant) forks afresh
  const [run, setRun] = useState({ ix, count: 0 });
  if (run.ix !== ix) setRun({ ix, count: run.count + 1 });
  // how many lines the console holds typed (a shared link's replayed ones count)
  const [typedCount, setTypedCount] = useState(shared?.lines.length ?? 0);
  const steps = ix?.run.steps ?? NO_STEPS;

  // follow the stepper while the console holds nothing typed (a held script's has no run)
  if (ix !== null && typedCount === 0 && base !== k) setBase(k);

  const script = ix === null ? heldScript : (ix.run.script ?? null);
  const fork = useMemo(
    () => forkSpecAt(scenario, steps, base, script),
    [scenario, steps, base, script],
  );
  const onLinesChange = useCallback(
    (lines: readonly string[], limitAt?: number, stopped?: boolean) => {
      setTypedCount(lines.length);
      if (typeof window === 'undefined' || !ownsPage) return;
      const hash = withShared(window.location.hash, {
        step: base,
        lines: [...lines],
        limitAt,
        stopped,
      });
      const url = `${window.location.pathname}${window.location.search}${hash}`;
      window.history.replaceState(window.history.state, '', url);
    },
    [base, ownsPage],
  );
  return (
    <Console
      fillHeight
      fork={fork}
      forkKey={`${run.count}:${base}:${resets}`}
      origin={ix !== null ? stepWords(base, n) : notRun === 'held' ? T.heldOrigin : T.endedOrigin}
      aside={ix !== null ? T.asideStepper : notRun === 'held' ? T.asideHeld : T.asideEnded}
      resetLabel={fill(T.reset, { k: ix === null ? 0 : k })}
      onReset={() => {
        setTypedCount(0);
        setBase(ix === null ? 0 : k);
        setResets((r) => r + 1);
      }}
      initialLines={shared?.lines}
      initialLimitAt={shared?.limitAt}
      initialStopped={shared?.stopped}
      onLinesChange={onLinesChange}
      // the console alone, at this step with the lines typed, for a course page
      actions={
        <>
          {ix?.run.executor === 'script' ? (
            <CopyRunLine line={runLineOf(scenario, script).line} />
          ) : null}
          {embedded ? null : <EmbedButton widget="console" />}
        </>
      }
      historyStore={ownsPage ? undefined : null}
    />
  );
}
