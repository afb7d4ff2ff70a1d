/**
 * The stepper's closed drawers: compare script and native, edit the script, edit the scenario.
 * Each one's code is fetched the first time it is opened, through a bounded load behind an
 * error boundary (LazyPanel). None depends on the step, so stepping never renders them again.
 */
import { stepperWords as T } from '../../../content/stepper.ts';
import { memo, useRef, type ReactNode } from 'react';
import { useOpenedBeforeHydration } from '../details-open.ts';
import type { Scenario } from '../../scenario/index.ts';
import type { RunSource } from '../../stepper/index.ts';
import { LazyPanel, type LazyPanelProps } from '../lazy-panel.tsx';
import type { ScriptEditorProps } from './ScriptEditor.tsx';
import s from './stepper.module.css';

const loadCompareView = () => import('./CompareView.tsx').then((m) => memo(m.CompareView));
const loadScenarioEditor = () => import('./ScenarioEditor.tsx').then((m) => m.ScenarioEditor);
const loadScriptEditor = () => import('./ScriptEditor.tsx').then((m) => m.ScriptEditor);

function PanelLoading() {
  return (
    <p className={`${s.muted} ${s.flush}`} role="status">
      {T.drawers.loading}
    </p>
  );
}

/** Whether a drawer is open, and how its toggle tells the stepper. */
interface Drawer {
  open: boolean;
  onOpen: (open: boolean) => void;
}

/** A closed `<details>` whose panel is loaded the first time it opens. */
function LazyDrawer<P extends object>({
  open,
  onOpen,
  summary,
  what,
  load,
  props,
}: Drawer & { summary: ReactNode } & Omit<LazyPanelProps<P>, 'fallback'>) {
  const ref = useRef<HTMLDetailsElement>(null);
  useOpenedBeforeHydration(ref, onOpen);
  return (
    <details
      ref={ref}
      className={s.details}
      open={open}
      onToggle={(e) => onOpen((e.target as HTMLDetailsElement).open)}
    >
      <summary>{summary}</summary>
      {open ? (
        <LazyPanel what={what} load={load} fallback={<PanelLoading />} props={props} />
      ) : null}
    </details>
  );
}

export interface CompareDrawerProps extends Drawer {
  runs: RunSource;
  scenario: Scenario;
  /** the script text the stepper runs when it is not the lesson's */
  script: string | null;
}

/** "Compare script and native on this scenario". */
export function CompareDrawer({ open, onOpen, runs, scenario, script }: CompareDrawerProps) {
  return (
    <LazyDrawer
      open={open}
      onOpen={onOpen}
      summary={T.drawers.compare}
      what={T.drawers.compareWhat}
      load={loadCompareView}
      props={{ runs, scenario, script }}
    />
  );
}

export interface ScriptDrawerProps extends Drawer {
  /** the learner's own script is running */
  ownScript: boolean;
  /** unrun edits of a script are kept for the editor */
  kept: boolean;
  editor: ScriptEditorProps;
}

/** "Edit the script", and what it keeps: the learner's script running, their unrun edits. */
export function ScriptDrawer({ open, onOpen, ownScript, kept, editor }: ScriptDrawerProps) {
  return (
    <LazyDrawer
      open={open}
      onOpen={onOpen}
      summary={
        <>
          {T.drawers.script}
          {ownScript ? T.drawers.ownScriptRunning : ''}
          {kept && !open ? T.drawers.unrunKept : ''}
        </>
      }
      what={T.drawers.scriptWhat}
      load={loadScriptEditor}
      props={editor}
    />
  );
}

export interface ScenarioDrawerProps extends Drawer {
  /** unapplied edits of the scenario are kept for the editor */
  kept: boolean;
  scenario: Scenario;
  onApply: (next: Scenario) => void;
  draftKey: string;
}

/** "Edit the scenario", and whether unapplied edits are kept. */
export function ScenarioDrawer({
  open,
  onOpen,
  kept,
  scenario,
  onApply,
  draftKey,
}: ScenarioDrawerProps) {
  return (
    <LazyDrawer
      open={open}
      onOpen={onOpen}
      summary={
        <>
          {T.drawers.scenario}
          {kept && !open ? T.drawers.unappliedKept : ''}
        </>
      }
      what={T.drawers.scenarioWhat}
      load={loadScenarioEditor}
      props={{ scenario, onApply, draftKey }}
    />
  );
}
