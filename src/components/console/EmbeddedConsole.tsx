import { useCallback, useMemo, useRef, useState } from 'react';
import { forkSpecAt, type RunResult } from '../../console/index.ts';
import { withShared, type SharedConsole } from '../../console/share.ts';
import type { EmbedEmitter } from '../../embed/host-events.ts';
import { createSimTraceSource } from '../../stepper/simulate.ts';
import { scriptText } from '../../stepper/index.ts';
import { type SharedState, defaultScenario } from '../../scenario/index.ts';
import { Console } from './Console.tsx';
import { consoleWords as T } from '../../../content/console.ts';
import { fill } from '../../content/template.ts';
import { stepWords } from './StepperConsole.tsx';

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
 * `command` for each line sent. It runs the simulator, so it is a lazy chunk.
 */
export default function EmbeddedConsole({ state, shared, emit, ownsUrl }: EmbeddedConsoleProps) {
  const scenario = useMemo(() => state?.scenario ?? defaultScenario(), [state]);
  const script = useMemo(
    () => scriptText(state?.variant ?? 'real', state?.script ?? null),
    [state],
  );
  const steps = useMemo(() => {
    // the run the stepper state names: its executor and its script (a what-if, or the
    // learner's own text from the link)
    const run = createSimTraceSource()(scenario, state?.executor ?? 'script', script);
    return run.status === 'ready' ? run.steps : [];
  }, [scenario, state, script]);
  const n = steps.length;
  const opensAt = Math.min(shared?.step ?? state?.step ?? 0, n);
  const [resets, setResets] = useState(0);
  const count = useRef(0);
  const fork = useMemo(
    () => forkSpecAt(scenario, steps, opensAt, script),
    [scenario, steps, opensAt, script],
  );
  const onLinesChange = useCallback(
    (lines: readonly string[]) => {
      if (!ownsUrl) return;
      const hash = withShared(window.location.hash, { step: opensAt, lines: [...lines] });
      const url = `${window.location.pathname}${window.location.search}${hash}`;
      window.history.replaceState(window.history.state, '', url);
    },
    [ownsUrl, opensAt],
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
      onLinesChange={onLinesChange}
      onCommand={onCommand}
      onReady={onReady}
      historyStore={ownsUrl ? undefined : null}
      grow
    />
  );
}
