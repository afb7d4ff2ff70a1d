/**
 * What a step renders: the controls, the narration and the run's notes, the script with its
 * line, the state and the open drawer. The stepper around it holds the machine and the chrome,
 * and never reads the step, so a step renders this view alone.
 */
import { useCallback, useEffect, useMemo, useRef, useState, memo, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { editorWords } from '../../../content/editors.ts';
import { fill } from '../../content/template.ts';
import {
  narrate,
  type Prediction,
  type RunIndex,
  awaitsPrediction,
  keyspaceAt,
  selectClock,
  selectDistinctScores,
  selectInvariantBreaks,
  selectStep,
  type StepperEvent,
  type StepperMachine,
  type ListingId,
  type StepListing,
  VARIANT_LABELS,
  editOf,
} from '../../stepper/index.ts';
import type { Variant } from '../../vocabulary/index.ts';
import type { Scenario } from '../../scenario/index.ts';
import { CodeView, codeLabelOf } from './CodeView.tsx';
import { Controls, type ControlsProps, valueText } from './Controls.tsx';
import { NarrationView } from './NarrationView.tsx';
import { PredictPanel } from './PredictPanel.tsx';
import { StageRegions, moreTabsOf, openRegionOf, shownTabOf } from './StageRegions.tsx';
import { RunNotes, type RunNotesProps } from './StepperAlerts.tsx';
import { OpenDrawer, type OpenDrawerProps } from './StepperDrawers.tsx';
import s from './stepper.module.css';
import { sameProps, useAtStep } from './use-at-step.ts';
import { useStepWrites, type StepPlaceRefs } from './use-step-writes.ts';

/** The page lights its own copy of a lesson listing; a learner's script has none there. */
export const pageListing = (listing: StepListing): ListingId =>
  listing === 'user_script' ? 'extend_locks2.lua' : listing;

/** The caption's words for a script that is not the lesson's. */
function scriptNameOf(variant: Variant): string {
  const edit = editOf(variant);
  return edit
    ? fill(editorWords.script.whatIfEdit, { variant: VARIANT_LABELS[variant], edit: edit.summary })
    : editorWords.script.ownEdit;
}

interface RunViewProps {
  /** the run, or null while none is ready (the simulator loads, a run is made, or it failed) */
  ix: RunIndex | null;
  /** what the body shows while there is no run: the loading, failure or unavailable note */
  waiting: ReactNode;
  actor: Actor<StepperMachine>;
  scenario: Scenario;
  send: (e: StepperEvent) => void;
  onLineChange: ((listing: ListingId, line: number | null) => void) | undefined;
  idBase: string;
  /** what the drawers other than the console are handed (they do not depend on the step) */
  drawers: Pick<OpenDrawerProps, 'compare' | 'script' | 'scenario'>;
  /**
   * the learner's script when it has no run (the link's script held, not run: the machine's
   * `held`; or a run of it that did not end), or null: the console then forks the server that
   * script's run would start from
   */
  notRun: { script: string; why: 'held' | 'ended' } | null;
}

/**
 * The run at step k. It renders when the run, the stage's tabs, drawer or predict mode change,
 * never for a step: what a step changes is written by the step writer (the counter, the
 * timeline, the narration, the lit line) or rendered by the parts that show it, each following
 * the machine's step itself (`useAtStep`) and rendering only when what it shows changed. It
 * renders while no run is ready too, the waiting note in the place of what a step says, so the
 * open drawer keeps one place in the tree whether a run is ready or not: a run that arrives, or a
 * new one being made, never remounts it (a remount took the focus out of the script editor, and
 * what the learner typed meanwhile went nowhere).
 */
export const RunView = memo(function RunView({
  ix,
  waiting,
  actor,
  scenario,
  send,
  onLineChange,
  idBase,
  drawers,
  notRun,
}: RunViewProps) {
  const playing = useSelector(actor, (snap) => snap.matches('playing'));
  const speed = useSelector(actor, (snap) => snap.context.speed);
  const predict = useSelector(actor, (snap) => snap.context.predict);
  const picks = useSelector(actor, (snap) => snap.context.picks);
  const variant = useSelector(actor, (snap) => snap.context.variant);
  const executor = useSelector(actor, (snap) => snap.context.executor);
  const tab = useSelector(actor, (snap) => snap.context.tab);
  const more = useSelector(actor, (snap) => snap.context.more);
  const drawer = useSelector(actor, (snap) => snap.context.drawer);
  // The counter, the timeline, the narration and the lit line are rendered at the step a run
  // opens at (a new run renders them anew); the steps after are written by a subscription to the
  // machine (useStepWrites), so a step does not render and diff them. The step is read, not
  // followed: this view does not render for a step.
  const [shown, setShown] = useState(() => ({ ix, k: actor.getSnapshot().context.k, n: 0 }));
  if (shown.ix !== ix) setShown({ ix, k: actor.getSnapshot().context.k, n: shown.n + 1 });
  const shownK = shown.k;
  const counter = useRef<HTMLSpanElement>(null);
  const timeline = useRef<HTMLInputElement>(null);
  const narration = useRef<HTMLDivElement>(null);
  const code = useRef<HTMLPreElement>(null);
  const [refs] = useState<StepPlaceRefs>(() => ({ counter, timeline, narration, code }));
  const stepNow = useCallback(() => actor.getSnapshot().context.k, [actor]);
  const script = ix?.run.script;
  const scriptName = script === undefined ? undefined : scriptNameOf(variant);
  const codeLabel = useMemo(
    () => codeLabelOf(ix?.run.listing ?? 'extend_locks2.lua', script, scriptName),
    [ix, script, scriptName],
  );
  const opening = useMemo(() => (ix ? narrate(ix, shownK) : null), [ix, shownK]);
  // the same array while the run is the same, so the tabs render only when what they show changes
  const moreTabs = useMemo(
    () => (ix ? moreTabsOf(ix, scenario, executor) : []),
    [ix, scenario, executor],
  );
  // the third region open (no drawer stands in its place): the stage's CSS reads it on the
  // regions' box, not by a `:has()`, which every write in the regions made the browser check
  // again (12 times a scrub)
  const moreOpen = openRegionOf(shownTabOf(tab, moreTabs)) === 'more';
  useStepWrites(actor, ix, shownK, refs, {
    position: valueText,
    codeLabel,
    litClass: s.current!,
  });
  const open = drawer ? (
    <DrawerAtStep
      actor={actor}
      ix={ix}
      notRun={notRun}
      idBase={idBase}
      drawer={drawer}
      {...drawers}
      runScenario={scenario}
      send={send}
    />
  ) : null;
  if (!ix) {
    // the same places as with a run: nothing in the controls' and the page line's places, the
    // body's box, the drawer
    return (
      <>
        {null}
        {null}
        <div className={s.body}>
          <div className={s.waiting}>
            {waiting}
            {open}
            {null}
          </div>
        </div>
      </>
    );
  }
  return (
    <>
      <StepControls
        actor={actor}
        ix={ix}
        playing={playing}
        speed={speed}
        predict={predict}
        picks={picks}
        send={send}
        shownK={shownK}
        stepNow={stepNow}
        counterRef={counter}
        timelineRef={timeline}
      />
      <PageLine actor={actor} ix={ix} onLineChange={onLineChange} />
      {/* the body's place in the stage, and in it the regions placed at its size: a relayout
          boundary, so what a step changes in a region never lays out the stage and the page
          around it (Chromium never takes a grid item, as the place is, for one) */}
      <div className={s.body}>
        <div
          className={s.regions}
          data-drawer={open ? '' : undefined}
          data-third={moreOpen && !open ? '' : undefined}
        >
          <div className={s.says}>
            <NarrationView ref={narration} narration={opening!} shown={shown.n} />
            <StepNotes actor={actor} ix={ix} />
          </div>
          {open}
          <StageRegions
            actor={actor}
            ix={ix}
            scenario={scenario}
            executor={executor}
            tab={tab}
            more={more}
            moreTabs={moreTabs}
            idBase={idBase}
            send={send}
            drawerOpen={open !== null}
            above={
              predict ? <PredictAtStep actor={actor} ix={ix} picks={picks} send={send} /> : null
            }
            script={
              <CodeView
                ref={code}
                listing={ix.run.listing}
                line={selectStep(ix, shownK)?.line ?? null}
                script={script}
                scriptName={scriptName}
              />
            }
          />
        </div>
      </div>
    </>
  );
});

interface AtStepProps {
  actor: Actor<StepperMachine>;
  ix: RunIndex;
}

/** The step controls: they render when a button's state changes (the ends, a prediction). */
const StepControls = memo(function StepControls({
  actor,
  ix,
  predict,
  picks,
  ...props
}: AtStepProps &
  Omit<ControlsProps, 'atStart' | 'n' | 'forwardBlocked'> & {
    predict: boolean;
    picks: Record<number, Prediction>;
  }) {
  // the two as one number, so a step that changes neither is one comparison
  const ends = useAtStep(
    actor,
    ix,
    (k) =>
      (k === 0 ? 1 : 0) |
      (k >= ix.n || (predict && awaitsPrediction(ix, k, picks) !== null) ? 2 : 0),
  );
  return (
    <Controls {...props} atStart={(ends & 1) !== 0} n={ix.n} forwardBlocked={(ends & 2) !== 0} />
  );
});

/** Tells the page which line of its own copy of the listing the run stands on; renders nothing. */
const PageLine = memo(function PageLine({
  actor,
  ix,
  onLineChange,
}: AtStepProps & Pick<RunViewProps, 'onLineChange'>) {
  const line = useAtStep(actor, ix, (k) => selectStep(ix, k)?.line ?? null);
  const listing = ix.run.listing;
  useEffect(() => {
    // a learner's script has no copy on the page to light
    onLineChange?.(pageListing(listing), listing === 'user_script' ? null : line);
  }, [onLineChange, listing, line]);
  return null;
});

/** The run's notes beside the narration: they render when what they say changes. */
const StepNotes = memo(function StepNotes({ actor, ix }: AtStepProps) {
  const notes = useAtStep(
    actor,
    ix,
    (k): RunNotesProps => ({
      // the same object while no step changed the keyspace, so the notes built on it stay put
      breaks: selectInvariantBreaks(keyspaceAt(ix, k)),
      reads: ix.clockReads[k] ?? 0,
      scores: selectDistinctScores(ix, k),
      micros: selectClock(ix, k)?.micros ?? null,
    }),
    sameProps,
  );
  return <RunNotes {...notes} />;
});

/** Predict mode's question, feedback and tally at the machine's step. */
const PredictAtStep = memo(function PredictAtStep({
  actor,
  ix,
  picks,
  send,
}: AtStepProps & { picks: Record<number, Prediction>; send: (e: StepperEvent) => void }) {
  const k = useAtStep(actor, ix, (k) => k);
  const awaiting = awaitsPrediction(ix, k, picks);
  return <PredictPanel ix={ix} k={k} picks={picks} awaiting={awaiting} send={send} />;
});

/** The open drawer; the console's is handed the step the run stands on. */
function DrawerAtStep({
  actor,
  ix,
  notRun,
  runScenario: scenario,
  ...props
}: Omit<OpenDrawerProps, 'console'> &
  Pick<RunViewProps, 'actor' | 'ix' | 'notRun'> & { runScenario: Scenario }) {
  const k = useSelector(actor, (snap) => snap.context.k);
  return (
    <OpenDrawer
      {...props}
      console={
        ix
          ? { ix, k, scenario }
          : notRun !== null
            ? { ix: null, k, scenario, heldScript: notRun.script, notRun: notRun.why }
            : null
      }
    />
  );
}
