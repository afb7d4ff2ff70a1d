/**
 * What a step renders: the controls, the narration and the run's notes, the script with its
 * line, the state and the open drawer. The stepper around it holds the machine and the chrome,
 * and never reads the step, so a step renders this view alone.
 */
import { useEffect, useMemo, useRef, useState, memo, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { editorWords } from '../../../content/editors.ts';
import { fill } from '../../content/template.ts';
import {
  narrate,
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
  isGeneralRun,
  panelOfStep,
} from '../../stepper/index.ts';
import type { Variant } from '../../vocabulary/index.ts';
import type { Scenario } from '../../scenario/index.ts';
import { CodeView, codeLabelOf } from './CodeView.tsx';
import { Controls, valueText } from './Controls.tsx';
import { NarrationView } from './NarrationView.tsx';
import { PredictPanel } from './PredictPanel.tsx';
import { StageRegions, tabOfPanel } from './StageRegions.tsx';
import { RunNotes } from './StepperAlerts.tsx';
import { OpenDrawer, type OpenDrawerProps } from './StepperDrawers.tsx';
import s from './stepper.module.css';
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
 * The run at step k: the only part of the stepper that renders on a step. It renders while no
 * run is ready too, the waiting note in the place of what a step says, so the open drawer keeps
 * one place in the tree whether a run is ready or not: a run that arrives, or a new one being
 * made, never remounts it (a remount took the focus out of the script editor, and what the
 * learner typed meanwhile went nowhere).
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
  const k = useSelector(actor, (snap) => snap.context.k);
  const playing = useSelector(actor, (snap) => snap.matches('playing'));
  const speed = useSelector(actor, (snap) => snap.context.speed);
  const predict = useSelector(actor, (snap) => snap.context.predict);
  const picks = useSelector(actor, (snap) => snap.context.picks);
  const variant = useSelector(actor, (snap) => snap.context.variant);
  const executor = useSelector(actor, (snap) => snap.context.executor);
  const tab = useSelector(actor, (snap) => snap.context.tab);
  const more = useSelector(actor, (snap) => snap.context.more);
  const drawer = useSelector(actor, (snap) => snap.context.drawer);
  const line = ix ? (selectStep(ix, k)?.line ?? null) : null;
  const listing = ix?.run.listing ?? null;
  // The counter, the narration and the lit line are rendered at the step a run opens at (a new
  // run renders them anew); the steps after are written by a subscription to the machine
  // (useStepWrites), so a step does not render and diff them.
  const [shown, setShown] = useState({ ix, k, n: 0 });
  if (shown.ix !== ix) setShown({ ix, k, n: shown.n + 1 });
  const shownK = shown.ix === ix ? shown.k : k;
  const counter = useRef<HTMLSpanElement>(null);
  const narration = useRef<HTMLDivElement>(null);
  const code = useRef<HTMLPreElement>(null);
  const [refs] = useState<StepPlaceRefs>(() => ({ counter, narration, code }));
  const script = ix?.run.script;
  const scriptName = script === undefined ? undefined : scriptNameOf(variant);
  const codeLabel = useMemo(
    () => codeLabelOf(ix?.run.listing ?? 'extend_locks2.lua', script, scriptName),
    [ix, script, scriptName],
  );
  const opening = useMemo(() => (ix ? narrate(ix, shownK) : null), [ix, shownK]);
  useStepWrites(actor, ix, shownK, refs, {
    position: valueText,
    codeLabel,
    litClass: s.current!,
  });
  useEffect(() => {
    // without a run the stepper tells the line itself; a learner's script has no copy on the
    // page to light
    if (listing !== null)
      onLineChange?.(pageListing(listing), listing === 'user_script' ? null : line);
  }, [onLineChange, listing, line]);
  const open = drawer ? (
    <OpenDrawer
      idBase={idBase}
      drawer={drawer}
      {...drawers}
      console={
        ix
          ? { ix, k, scenario }
          : notRun !== null
            ? { ix: null, k, scenario, heldScript: notRun.script, notRun: notRun.why }
            : null
      }
      send={send}
    />
  ) : null;
  if (!ix) {
    // the same places as with a run: nothing in the controls' place, the body's box, the drawer
    return (
      <>
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
  const awaiting = predict ? awaitsPrediction(ix, k, picks) : null;
  // the same object while no step changed the keyspace, so the notes built on it stay put
  const breaks = selectInvariantBreaks(keyspaceAt(ix, k));
  const scores = selectDistinctScores(ix, k);
  const reads = ix.clockReads[k] ?? 0;
  // the region this step changed: marked, never scrolled to
  const changed = tabOfPanel(panelOfStep(ix, k, scenario), isGeneralRun(ix));
  return (
    <>
      <Controls
        k={k}
        n={ix.n}
        playing={playing}
        speed={speed}
        forwardBlocked={k >= ix.n || awaiting !== null}
        send={send}
        shownK={shownK}
        counterRef={counter}
      />
      {/* the body's place in the stage, and in it the regions placed at its size: a relayout
          boundary, so what a step changes in a region never lays out the stage and the page
          around it (Chromium never takes a grid item, as the place is, for one) */}
      <div className={s.body}>
        <div className={s.regions} data-drawer={open ? '' : undefined}>
          <div className={s.says}>
            <NarrationView ref={narration} narration={opening!} shown={shown.n} />
            <RunNotes
              breaks={breaks}
              reads={reads}
              scores={scores}
              micros={selectClock(ix, k)?.micros ?? null}
            />
          </div>
          {open}
          <StageRegions
            ix={ix}
            k={k}
            scenario={scenario}
            executor={executor}
            tab={tab}
            more={more}
            changed={changed}
            idBase={idBase}
            send={send}
            drawerOpen={open !== null}
            above={
              predict ? (
                <PredictPanel ix={ix} k={k} picks={picks} awaiting={awaiting} send={send} />
              ) : null
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
