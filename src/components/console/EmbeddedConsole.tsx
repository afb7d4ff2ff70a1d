import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isError, isolate } from '@batch-lease/redis-sim/client';
import { forkSpecAt, type RunResult } from '../../console/index.ts';
import { withShared, type SharedConsole } from '../../console/share.ts';
import type { EmbedEmitter } from '../../embed/host-events.ts';
import {
  isLimitReply,
  OFF_THREAD_TIME_LIMIT_MS,
  scriptText,
  type ReadyRun,
} from '../../stepper/index.ts';
import {
  type Executor,
  type LimitMark,
  type Scenario,
  type SharedState,
  defaultScenario,
  withLimitMarker,
  withoutScript,
} from '../../scenario/index.ts';
import { STEPPER_HASH_KEY } from '../../embed/widgets.ts';
import { Console } from './Console.tsx';
import { HeldActions } from './LinkHeldNotice.tsx';
import { consoleWords as T } from '../../../content/console.ts';
import { fill } from '../../content/template.ts';
import { IsolatedText } from '../isolated-text.tsx';
import { stepWords } from './StepperConsole.tsx';
import { useLinkRun, type LinkRun } from './use-link-run.ts';
import s from './console.module.css';

export interface EmbeddedConsoleProps {
  /** the stepper state it forks (the lesson's hash format); the default scenario when null */
  state: SharedState | null;
  /** lines typed in the lesson's console (its `console=`), replayed at their step */
  shared: SharedConsole | null;
  emit: EmbedEmitter;
  /**
   * An embed page keeps the typed lines in its own URL's hash (`console=`, as the lesson does), so a
   * reload or the "open the full lesson" link replays them; a custom element keeps them, and
   * its ↑/↓ history, to itself, since the host's URL is not ours and instances are independent.
   */
  ownsUrl: boolean;
}

/**
 * The console as an embedded widget: redis-cli on a copy of the simulated server as the lesson's
 * run stands at step k (the same fork the lesson's console makes), with lines typed in the
 * lesson replayed, a reset back to where it opened, and host events: `ready` once it is up and
 * `command` for each line sent. The run it forks is made off the page's thread, as the lesson's
 * stepper makes its runs (`useLinkRun`), so a link's own script can never hold the host's page:
 * while it runs the console says so and offers Stop, and a run that did not end by itself, or
 * ended in an error, opens the console with a message saying so.
 */
export default function EmbeddedConsole({ state, shared, emit, ownsUrl }: EmbeddedConsoleProps) {
  const scenario = useMemo(() => state?.scenario ?? defaultScenario(), [state]);
  // a learner's script the link says reached a limit when it last ran is held, not run, until
  // the learner runs it again or drops it (the lesson's stepper does the same)
  const [choice, setChoice] = useState<'held' | 'run' | 'dropped'>(() =>
    state?.limited && state.script !== undefined ? 'held' : 'run',
  );
  const script = useMemo(
    () =>
      scriptText(state?.variant ?? 'real', choice === 'dropped' ? null : (state?.script ?? null)),
    [state, choice],
  );
  // the run the stepper state names: its executor and its script (a what-if, or the
  // learner's own text from the link)
  const executor: Executor = state?.executor ?? 'script';
  const { run, stop } = useLinkRun(scenario, executor, script, choice === 'held');
  // the lines the console holds now and the step they were typed on, as it last told them (what
  // its URL says): a console made afresh for another run (Run it again, Drop) opens with them,
  // as a reload would, rather than with the lines the page opened with
  const [lines, setLines] = useState<SharedConsole | null>(shared);
  // an embed page's URL says whether the link's script reached a limit or the learner stopped
  // it, so a reload (or the link sent on) holds it and says which, as the lesson's stepper does
  const mark = run.status === 'making' || run.status === 'held' ? null : limitMarkOf(run);
  useEffect(() => {
    if (!ownsUrl || mark === null || choice === 'dropped') return;
    const hash = withLimitMarker(window.location.hash, STEPPER_HASH_KEY, mark);
    if (hash !== window.location.hash) replaceHash(hash);
  }, [ownsUrl, mark, choice]);
  if (run.status === 'making') return <LinkRunMaking running={run.running} onStop={stop} />;
  const note = run.status === 'held' ? null : noteOf(run);
  return (
    <>
      {run.status === 'held' ? (
        <HeldScript
          script={state?.script ?? ''}
          stopped={state?.stopped === true}
          onRun={() => setChoice('run')}
          onDrop={() => {
            setChoice('dropped');
            if (ownsUrl) replaceHash(withoutScript(window.location.hash, STEPPER_HASH_KEY));
          }}
        />
      ) : null}
      {note === null ? null : (
        <div role="alert" className={s.linkStop} data-testid="link-run">
          <p>
            <IsolatedText text={note} />
          </p>
        </div>
      )}
      <ForkedConsole
        scenario={scenario}
        script={script}
        steps={run.status === 'ready' ? run.run.steps : NO_STEPS}
        linkStep={state?.step ?? 0}
        shared={lines}
        onLinesTold={setLines}
        emit={emit}
        ownsUrl={ownsUrl}
      />
    </>
  );
}

const NO_STEPS: ReadyRun['steps'] = [];

/** Rewrites the embed page's hash in place (no history entry, no hashchange). */
function replaceHash(hash: string): void {
  const url = `${window.location.pathname}${window.location.search}${hash}`;
  window.history.replaceState(window.history.state, '', url);
}

/**
 * How a link's run ended, as its marker says it: at a limit of the simulator's (the time limit,
 * or a limit's reply), stopped by the learner, or by itself; null when the run says nothing of it.
 */
const limitMarkOf = (run: Exclude<LinkRun, { status: 'making' | 'held' }>): LimitMark | null => {
  if (run.status === 'ended') return run.why === 'time-limit' ? 'limit' : 'stopped';
  if (run.status === 'ready') return isLimitReply(run.run.reply) ? 'limit' : 'none';
  return null;
};

/** The link's script, held back: why, the script itself, and the two ways on. */
function HeldScript({
  script,
  stopped,
  onRun,
  onDrop,
}: {
  script: string;
  /** the link says the learner stopped its last run (`limit=stopped`), not a limit */
  stopped: boolean;
  onRun: () => void;
  onDrop: () => void;
}) {
  return (
    <div role="alert" className={s.linkStop} data-testid="link-held-script">
      <p>{stopped ? T.linkRun.heldStopped : T.linkRun.held}</p>
      <pre className={s.heldLines} aria-label={T.linkRun.heldScript}>
        <IsolatedText text={script.split('\n').map(isolate).join('\n')} />
      </pre>
      <HeldActions run={T.linkRun.runAgain} drop={T.linkRun.drop} onRun={onRun} onDrop={onDrop} />
    </div>
  );
}

/** What the console says of its link's run before its log, or null when the run ended well. */
function noteOf(run: Exclude<LinkRun, { status: 'making' | 'held' }>): string | null {
  if (run.status === 'ended') {
    if (run.why === 'stopped') return T.linkRun.stopped;
    return fill(T.linkRun.timeLimit, { seconds: String(OFF_THREAD_TIME_LIMIT_MS / 1000) });
  }
  if (run.status === 'unavailable') return run.reason;
  // the error may quote the link's own text (a script's error()): isolated, made visible
  return isError(run.run.reply)
    ? fill(T.linkRun.error, { error: isolate(run.run.reply.error) })
    : null;
}

/** While the link's run is made: the console's loading line, or a link's script with Stop. */
function LinkRunMaking({ running, onStop }: { running: boolean; onStop: () => void }) {
  if (!running) return <p role="status">{T.loading}</p>;
  return (
    <div className={s.linkStop} data-testid="link-run-running">
      <p role="status">{T.linkRun.running}</p>
      <button type="button" className={s.button} onClick={onStop}>
        {T.stopScript}
      </button>
    </div>
  );
}

interface ForkedConsoleProps {
  scenario: Scenario;
  script: string | null;
  steps: ReadyRun['steps'];
  /** the step the link asks for: the console opens there (clamped to the run) when it holds no lines */
  linkStep: number;
  /** the lines it opens with, replayed at the step they were typed on (read when it mounts) */
  shared: SharedConsole | null;
  /** the lines it holds, each time they change (null for none) */
  onLinesTold: (lines: SharedConsole | null) => void;
  emit: EmbedEmitter;
  ownsUrl: boolean;
}

/** The console on its fork of the link's run at its step. */
function ForkedConsole({
  scenario,
  script,
  steps,
  linkStep,
  shared: mounted,
  onLinesTold,
  emit,
  ownsUrl,
}: ForkedConsoleProps) {
  // what it opened with stays its own while it is mounted: a line typed here is told up, and
  // must not move the step this fork stands on
  const [shared] = useState(mounted);
  const n = steps.length;
  const opensAt = Math.min(shared?.step ?? linkStep, n);
  const [resets, setResets] = useState(0);
  const count = useRef(0);
  const fork = useMemo(
    () => forkSpecAt(scenario, steps, opensAt, script),
    [scenario, steps, opensAt, script],
  );
  const onLinesChange = useCallback(
    (lines: readonly string[], limitAt?: number, stopped?: boolean) => {
      const told = { step: opensAt, lines: [...lines], limitAt, stopped };
      onLinesTold(lines.length === 0 ? null : told);
      if (!ownsUrl) return;
      replaceHash(withShared(window.location.hash, told));
    },
    [ownsUrl, opensAt, onLinesTold],
  );
  const onCommand = useCallback(
    (r: RunResult) => {
      if (r.command === null) return;
      count.current += 1;
      emit('command', { command: r.command, error: r.error, count: count.current });
    },
    [emit],
  );
  const onReady = useCallback(() => emit('ready', { n: null }), [emit]);
  return (
    <Console
      fork={fork}
      forkKey={String(resets)}
      origin={stepWords(opensAt, n)}
      aside={T.asideEmbed}
      resetLabel={fill(T.reset, { k: opensAt })}
      onReset={() => setResets((r) => r + 1)}
      initialLines={shared?.lines}
      initialLimitAt={shared?.limitAt}
      initialStopped={shared?.stopped}
      onLinesChange={onLinesChange}
      onCommand={onCommand}
      onReady={onReady}
      historyStore={ownsUrl ? undefined : null}
      grow
    />
  );
}
