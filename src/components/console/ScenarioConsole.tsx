import { useCallback, useState } from 'react';
import { forkAt } from '../../console/fork.ts';
import type { HistoryStore } from '../../console/history.ts';
import { defaultScenario } from '../../scenario/presets.ts';
import type { Scenario } from '../../scenario/types.ts';
import { Console } from './Console.tsx';

export interface ScenarioConsoleProps {
  /** the state the console starts on (the default scenario's keyspace before the run unless said) */
  scenario?: Scenario;
  /** where ↑/↓ history is kept (localStorage unless said) */
  historyStore?: HistoryStore | null;
}

/**
 * The console as a widget of its own, with no stepper around it: redis-cli on a fresh copy of
 * a scenario's server before the run, with a reset back to it. This is the piece a course
 * page or an embed can carry; it pulls in the simulator, so load it lazily.
 */
export default function ScenarioConsole({ scenario, historyStore }: ScenarioConsoleProps) {
  const [state] = useState(() => scenario ?? defaultScenario());
  const [resets, setResets] = useState(0);
  const fork = useCallback(() => forkAt(state, [], 0), [state]);
  return (
    <Console
      fork={fork}
      forkKey={String(resets)}
      origin="the scenario before the run"
      resetLabel="Reset to the scenario"
      onReset={() => setResets((r) => r + 1)}
      historyStore={historyStore}
    />
  );
}
