/**
 * The stage's drawers: compare script and native, edit the script, edit the scenario, and the
 * console. One at a time opens in the place of the regions (the machine's `drawer`), under the
 * controls and the narration, so the learner can still step while it is open. Each one's code is
 * fetched the first time it is opened, through a bounded load behind an error boundary
 * (LazyPanel). Only the console depends on the step.
 */
import { stepperWords as T } from '../../../content/stepper.ts';
import { consoleWords } from '../../../content/console.ts';
import { memo, type ComponentType, type ReactNode } from 'react';
import type { Scenario } from '../../scenario/index.ts';
import type { RunSource, StageDrawer, StepperEvent } from '../../stepper/index.ts';
import type { StepperConsoleProps } from '../console/StepperConsole.tsx';
import { LazyPanel } from '../lazy-panel.tsx';
import type { ScenarioEditorProps } from './ScenarioEditor.tsx';
import type { ScriptEditorProps } from './ScriptEditor.tsx';
import { LabelHead } from '../label-head.tsx';
import s from './stepper.module.css';

const loadCompareView = () => import('./CompareView.tsx').then((m) => memo(m.CompareView));
const loadScenarioEditor = () => import('./ScenarioEditor.tsx').then((m) => m.ScenarioEditor);
const loadScriptEditor = () => import('./ScriptEditor.tsx').then((m) => m.ScriptEditor);
// the console's parser, printer, help and export come the first time it opens; a chunk that
// fails leaves a message with Retry in its place, and the stepper keeps working
const loadStepperConsole = () => import('../console/StepperConsole.tsx').then((m) => m.default);

function PanelLoading({ words = T.drawers.loading }: { words?: string }) {
  return (
    <p className={`${s.muted} ${s.flush}`} role="status">
      {words}
    </p>
  );
}

export interface DrawerButtonsProps {
  idBase: string;
  open: StageDrawer | null;
  /** leave out the two editors */
  hideEditor: boolean;
  /** the stepper's script is the learner's own (run, being made, or held) */
  ownScript: boolean;
  /** unrun edits of a script are kept for the editor */
  scriptKept: boolean;
  /** unapplied edits of the scenario are kept for the editor */
  scenarioKept: boolean;
  send: (e: StepperEvent) => void;
}

/** The drawers' buttons: each opens its drawer (closing another), or closes it again. */
export function DrawerButtons({
  idBase,
  open,
  hideEditor,
  ownScript,
  scriptKept,
  scenarioKept,
  send,
}: DrawerButtonsProps) {
  const button = (drawer: StageDrawer, words: ReactNode, testId?: string) => (
    <button
      key={drawer}
      id={`${idBase}-drawer-${drawer}`}
      type="button"
      className={`${s.button} ${s.drawerButton}`}
      aria-expanded={open === drawer}
      aria-controls={open === drawer ? `${idBase}-drawer` : undefined}
      data-drawer={drawer}
      data-testid={testId}
      onClick={() => send({ type: 'drawer.set', drawer: open === drawer ? null : drawer })}
    >
      {words}
    </button>
  );
  // in the bar's own group, so they wrap with the options beside them
  return (
    <>
      {button(
        'compare',
        <LabelHead text={T.drawers.compare} head={T.phoneHeads.compare} tailClass={s.phoneTail} />,
      )}
      {hideEditor
        ? null
        : button(
            'script',
            <>
              {T.drawers.script}
              {ownScript ? T.drawers.ownScript : ''}
              {scriptKept && open !== 'script' ? T.drawers.unrunKept : ''}
            </>,
          )}
      {hideEditor
        ? null
        : button(
            'scenario',
            <>
              {T.drawers.scenario}
              {scenarioKept && open !== 'scenario' ? T.drawers.unappliedKept : ''}
            </>,
          )}
      {button(
        'console',
        <LabelHead
          text={consoleWords.summary}
          head={T.phoneHeads.console}
          tailClass={s.phoneTail}
        />,
        'console-toggle',
      )}
    </>
  );
}

export interface OpenDrawerProps {
  idBase: string;
  drawer: StageDrawer;
  /** the compare view's runs and the script it compares */
  compare: { runs: RunSource; scenario: Scenario; script: string | null };
  script: ScriptEditorProps;
  scenario: ScenarioEditorProps;
  /**
   * the run and step the console forks its server at (or the held script's server before it);
   * null while there is none to fork: a run being made, or none made
   */
  console: StepperConsoleProps | null;
  send: (e: StepperEvent) => void;
}

// one drawer's panel, keyed by the drawer: a lazy panel keeps the component it loaded first
const panel = <P extends object>(
  key: StageDrawer,
  what: string,
  load: () => Promise<ComponentType<P>>,
  props: P,
  loading?: string,
) => (
  <LazyPanel<P>
    key={key}
    what={what}
    load={load}
    fallback={<PanelLoading words={loading} />}
    props={props}
  />
);

/** The open drawer, in the place of the state and the tabs, with a Close button. */
export function OpenDrawer({
  idBase,
  drawer,
  compare,
  script,
  scenario,
  console,
  send,
}: OpenDrawerProps) {
  // its button stays in the bar, pressed, and names what is open
  return (
    <div
      className={s.drawer}
      id={`${idBase}-drawer`}
      data-drawer-open={drawer}
      data-testid={drawer === 'console' ? 'console-drawer' : undefined}
    >
      <div className={s.drawerHead}>
        <button
          type="button"
          className={s.button}
          onClick={() => send({ type: 'drawer.set', drawer: null })}
        >
          {T.stage.close}
        </button>
      </div>
      <div className={s.drawerBody}>
        {drawer === 'compare' ? (
          panel('compare', T.drawers.compareWhat, loadCompareView, compare)
        ) : drawer === 'script' ? (
          panel('script', T.drawers.scriptWhat, loadScriptEditor, script)
        ) : drawer === 'scenario' ? (
          panel('scenario', T.drawers.scenarioWhat, loadScenarioEditor, scenario)
        ) : console ? (
          panel('console', 'the console', loadStepperConsole, console, consoleWords.loading)
        ) : (
          // said, not left blank: a button that opens an empty drawer looks broken
          <PanelLoading words={consoleWords.awaitsRun} />
        )}
      </div>
    </div>
  );
}
