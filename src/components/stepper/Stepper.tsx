import { stepperWords as T } from '../../../content/stepper.ts';
import { editorWords } from '../../../content/editors.ts';
import { fill } from '../../content/template.ts';
import { useActorRef, useSelector } from '@xstate/react';
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import {
  narrate,
  type RunIndex,
  awaitsPrediction,
  keyspaceAt,
  selectClock,
  selectDistinctScores,
  selectInvariantBreaks,
  selectStep,
  type PrerenderedRun,
  lazySimulator,
  type SimulatorLoader,
  isPending,
  scriptText,
  stepperMachine,
  type StepperEvent,
  type StepperMachine,
  type ListingId,
  type StepListing,
  type TraceSource,
  VARIANT_LABELS,
  editOf,
  LESSON_SCRIPT,
  scriptErrorWords,
  stepWroteOnlyElsewhere,
} from '../../stepper/index.ts';
import type { Variant } from '../../vocabulary/index.ts';
import {
  presetOf,
  presetById,
  type PresetId,
  type Executor,
  type Scenario,
  encodeHash,
} from '../../scenario/index.ts';
import type { Actor } from 'xstate';
import { ConsoleDetails } from '../console/ConsoleDetails.tsx';
import { CodeView } from './CodeView.tsx';
import { Controls } from './Controls.tsx';
import { LoadingSimulator } from './LoadingSimulator.tsx';
import { NarrationView } from './NarrationView.tsx';
import { PredictPanel } from './PredictPanel.tsx';
import { RunPanels, type PanelId } from './RunPanels.tsx';
import {
  LinkNotice,
  NoScriptNotice,
  RunNotes,
  RunUnavailable,
  ScriptBanner,
  SimulatorFailed,
  TooLargeNote,
} from './StepperAlerts.tsx';
import { CompareDrawer, ScenarioDrawer, ScriptDrawer } from './StepperDrawers.tsx';
import { StepperOptions } from './StepperOptions.tsx';
import { StepperToolbar } from './StepperToolbar.tsx';
import s from './stepper.module.css';
import { sharedStateOf, useHashSync } from './use-hash-sync.ts';
import { useHydrated } from '../use-hydrated.ts';
import { useSimulatorPrefetch } from './use-simulator-prefetch.ts';
import { arriveAt, keepPlaceInView, panelOf, watchForPlace } from './keep-in-view.ts';
import { eventOfKey, keyBelongsToField } from './stepper-keys.ts';
import { useMoving } from './panels-in-view.ts';

/** The page lights its own copy of a lesson listing; a learner's script has none there. */
const pageListing = (listing: StepListing): ListingId =>
  listing === 'user_script' ? 'extend_locks2.lua' : listing;

/** The caption's words for a script that is not the lesson's. */
function scriptNameOf(variant: Variant): string {
  const edit = editOf(variant);
  return edit
    ? fill(editorWords.script.whatIfEdit, { variant: VARIANT_LABELS[variant], edit: edit.summary })
    : editorWords.script.ownEdit;
}

export interface StepperProps {
  /** the scenario to open with; wins over `preset` */
  initialScenario?: Scenario;
  /** a preset to open with (the default scenario otherwise) */
  preset?: PresetId;
  /** the executor to open with */
  executor?: Executor;
  /** open with the compare view shown */
  compare?: boolean;
  /**
   * The name this stepper answers to in the URL hash (`#stepper?preset=…`); null keeps the
   * URL alone. Give each stepper on a page its own key.
   */
  hashKey?: string | null;
  /** the heading over the stepper; null when the page supplies its own (give `label` then) */
  title?: string | null;
  /** the accessible name when `title` is null */
  label?: string;
  /** told the listing line the run stands on, so a page can light its own listing */
  onLineChange?: (listing: ListingId, line: number | null) => void;
  /**
   * A simulator at hand: every run is made at once and nothing is fetched (tests hand in the
   * real one or a fixture). Without it, runs come from `prerendered` or a lazily loaded simulator.
   */
  traceSource?: TraceSource;
  /** runs the build made (the page's opening scenario), so its walk needs no simulator */
  prerendered?: readonly PrerenderedRun[];
  /** how the simulator is fetched (the lazily loaded chunk unless said) */
  loader?: SimulatorLoader;
  /** handed the stepper's actor once it starts, for a host that follows its steps (the embeds) */
  onActor?: (actor: Actor<StepperMachine>) => void;
  /** leave out "Edit the script" and "Edit the scenario" (a course page may want the walk alone) */
  hideEditor?: boolean;
}

/** "Extend four leases · step the members": the batch script, stepped member by member. */
export function Stepper({
  initialScenario,
  preset,
  executor = 'script',
  compare: compareInitially = false,
  hashKey = 'stepper',
  title = T.title,
  label = T.label,
  onLineChange,
  traceSource,
  prerendered,
  loader = lazySimulator,
  onActor,
  hideEditor = false,
}: StepperProps) {
  const headingId = useId();
  const actor = useActorRef(stepperMachine, {
    input: {
      scenario: initialScenario ?? (preset ? presetById(preset).build() : undefined),
      executor,
      source: traceSource,
      prerendered,
      loader,
    },
  });
  useEffect(() => {
    onActor?.(actor);
  }, [onActor, actor]);
  // The frame around the run does not read k: a step renders only the run's view (RunView),
  // and in it only the panels whose inputs moved.
  const ix = useSelector(actor, (snap) => snap.context.ix);
  const scenario = useSelector(actor, (snap) => snap.context.scenario);
  const currentExecutor = useSelector(actor, (snap) => snap.context.executor);
  const variant = useSelector(actor, (snap) => snap.context.variant);
  const script = useSelector(actor, (snap) => snap.context.script);
  const predict = useSelector(actor, (snap) => snap.context.predict);
  const runs = useSelector(actor, (snap) => snap.context.runs);
  const loadError = useSelector(actor, (snap) => snap.context.loadError);
  const [notice, setNotice] = useState<{ text: string; echo: string | null } | null>(null);
  const [compare, setCompare] = useState(compareInitially);
  const [editing, setEditing] = useState(false);
  const [editingScript, setEditingScript] = useState(false);
  const rootRef = useRef<HTMLElement>(null);
  useSimulatorPrefetch(rootRef, loader, traceSource !== undefined);
  // unapplied edits live outside the editor (draft-store.ts); without a hash key, in memory only
  const draftKey = hashKey ?? `local:${headingId}`;
  const [draftKept, setDraftKept] = useState(false);
  // read after hydration (session storage is the browser's), and again whenever the editor
  // closes; the store comes with the editor's code, so the page's first load does not carry it
  useEffect(() => {
    let live = true;
    void import('./draft-store.ts').then(
      (m) => live && setDraftKept(m.readDraft(draftKey) !== null),
      () => {}, // no store, no note: the editor itself still holds what was typed
    );
    return () => {
      live = false;
    };
  }, [draftKey, editing]);
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const sync = useHashSync(
    hashKey,
    actor,
    compare,
    (r) => {
      setNotice(r.notice ? { text: r.notice, echo: r.echo ?? null } : null);
      if (r.compare !== null) setCompare(r.compare);
      // a link addressed to this stepper: take the learner to it (never inside an embed's
      // frame, where moving into view would scroll the host page)
      if (rootRef.current && hashKey !== null && window.parent === window)
        arriveAt(rootRef.current, document.getElementById(hashKey));
    },
    setTooLarge,
  );
  const { touch } = sync;
  const send = useCallback(
    (e: StepperEvent) => {
      touch();
      actor.send(e);
    },
    [touch, actor],
  );
  const applyScenario = useCallback(
    (next: Scenario) => send({ type: 'scenario.edit', scenario: next }),
    [send],
  );
  const runScript = useCallback((source: string) => send({ type: 'script.run', source }), [send]);
  // a reset is the learner discarding their script; anything else that replaces it keeps it
  const discarding = useRef(false);
  const resetScript = useCallback(() => {
    discarding.current = true;
    send({ type: 'script.reset' });
  }, [send]);
  // The learner's script, replaced by a what-if, a link or a preset's "Try it", is kept as an
  // unrun edit (unless one is kept already), so the editor still has it: nothing typed is lost.
  const lastOwn = useRef(script);
  const [scriptKept, setScriptKept] = useState(false);
  useEffect(() => {
    const was = lastOwn.current;
    lastOwn.current = script;
    const discarded = discarding.current;
    discarding.current = false;
    let live = true;
    void import('./script-draft-store.ts').then(
      (m) => {
        if (was !== null && was !== script && !discarded && m.readScriptDraft(draftKey) === null)
          m.keepScriptDraft(draftKey, { text: was, base: was });
        // a text kept only until the link carries it, while it runs, is no unrun edit
        const d = m.readScriptDraft(draftKey);
        if (live) setScriptKept(d !== null && d.text !== script);
      },
      () => {}, // no store: the editor still holds what is open in it
    );
    return () => {
      live = false;
    };
  }, [script, draftKey, editingScript]);

  const ready = 'n' in ix ? ix : null;
  const listing: StepListing =
    ready?.run.listing ?? (currentExecutor === 'native' ? 'emq_extends.rs' : 'extend_locks2.lua');
  const running = scriptText(variant, script) ?? LESSON_SCRIPT;
  const runError =
    ready && ready.run.executor === 'script' && ready.run.script !== undefined
      ? (() => {
          const r = ready.run.reply;
          return r !== null && typeof r === 'object' && 'error' in r
            ? scriptErrorWords(r.error)
            : null;
        })()
      : null;

  // with a run, RunView tells the line it stands on
  useEffect(() => {
    if (!ready) onLineChange?.(pageListing(listing), null);
  }, [onLineChange, listing, ready]);

  const presetId = useMemo(() => presetOf(scenario), [scenario]);
  // read at click time, so the link is the step the learner is on
  const stepLink = useCallback(() => {
    const { origin, pathname, search } = window.location;
    return `${origin}${pathname}${search}${encodeHash(hashKey ?? 'stepper', sharedStateOf(actor, compare))}`;
  }, [actor, compare, hashKey]);
  // until the page is live (and for good with JavaScript off) the controls do nothing, so they
  // are disabled, and a reader without JavaScript is told why
  const live = useHydrated();

  // the keys answer wherever focus is in the stepper (buttons too), except in its fields
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || keyBelongsToField(e.target, e.key)) return;
    const ev = eventOfKey(e.key, e.shiftKey);
    if (!ev) return;
    // also keeps a focused button from being pressed by Space, and the page from scrolling
    e.preventDefault();
    send(ev);
  };
  // a button is pressed by Space on key up: the stepper took that Space on key down
  const onKeyUp = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === ' ' && !keyBelongsToField(e.target, e.key)) e.preventDefault();
  };

  return (
    <section
      ref={rootRef}
      className={`${s.root} ${s.container}`}
      aria-labelledby={title === null ? undefined : headingId}
      aria-label={title === null ? label : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onKeyUp={onKeyUp}
      data-stepper=""
      data-executor={currentExecutor}
    >
      <header className={s.header}>
        {title === null ? null : (
          <h2 className={s.title} id={headingId}>
            {title}
          </h2>
        )}
        <span className={`${s.hint} ${s.keyHint}`} data-testid="key-hint">
          {T.keyHint}
        </span>
        {/* a narrow stepper's buttons show their glyphs alone: this says what each one does */}
        <span className={`${s.hint} ${s.glyphHint}`} aria-hidden="true">
          {T.glyphHint}
        </span>
      </header>
      <NoScriptNotice />
      <fieldset className={s.controlsScope} disabled={!live} data-live={live ? '' : undefined}>
        {notice ? <LinkNotice notice={notice} onDismiss={() => setNotice(null)} /> : null}

        {tooLarge ? <TooLargeNote what={tooLarge} /> : null}

        <StepperToolbar
          idBase={headingId}
          presetId={presetId}
          executor={currentExecutor}
          send={send}
        />

        <ScriptBanner variant={variant} script={script} executor={currentExecutor} />

        {ready ? (
          <RunView
            ix={ready}
            actor={actor}
            scenario={scenario}
            send={send}
            onLineChange={onLineChange}
          />
        ) : isPending(ix) ? (
          <LoadingSimulator />
        ) : loadError ? (
          <SimulatorFailed error={loadError} reason={'reason' in ix ? ix.reason : ''} send={send} />
        ) : (
          <RunUnavailable reason={'reason' in ix ? ix.reason : ''} />
        )}

        <StepperOptions
          variant={variant}
          script={script}
          executor={currentExecutor}
          predict={predict}
          send={send}
          stepLink={hashKey === null ? null : stepLink}
        />

        <CompareDrawer
          open={compare}
          onOpen={setCompare}
          runs={runs}
          scenario={scenario}
          script={scriptText(variant, script)}
        />

        {hideEditor ? null : (
          <ScriptDrawer
            open={editingScript}
            onOpen={setEditingScript}
            ownScript={script !== null}
            kept={scriptKept}
            editor={{
              running,
              lesson: LESSON_SCRIPT,
              error: runError,
              onRun: runScript,
              onReset: resetScript,
              draftKey,
            }}
          />
        )}

        {hideEditor ? null : (
          <ScenarioDrawer
            open={editing}
            onOpen={setEditing}
            kept={draftKept}
            scenario={scenario}
            onApply={applyScenario}
            draftKey={draftKey}
          />
        )}
      </fieldset>
    </section>
  );
}

interface RunViewProps {
  ix: RunIndex;
  actor: Actor<StepperMachine>;
  scenario: Scenario;
  send: (e: StepperEvent) => void;
  onLineChange: StepperProps['onLineChange'];
}

/** The run at step k: the only part of the stepper that renders on a step. */
const RunView = memo(function RunView({ ix, actor, scenario, send, onLineChange }: RunViewProps) {
  const k = useSelector(actor, (snap) => snap.context.k);
  const playing = useSelector(actor, (snap) => snap.matches('playing'));
  const speed = useSelector(actor, (snap) => snap.context.speed);
  const predict = useSelector(actor, (snap) => snap.context.predict);
  const picks = useSelector(actor, (snap) => snap.context.picks);
  const variant = useSelector(actor, (snap) => snap.context.variant);
  const executor = useSelector(actor, (snap) => snap.context.executor);
  const listingStep = selectStep(ix, k);
  const line = listingStep?.line ?? null;
  const listing = ix.run.listing;
  useEffect(() => {
    // a learner's script has no copy on the page to light
    onLineChange?.(pageListing(listing), listing === 'user_script' ? null : line);
  }, [onLineChange, listing, line]);
  const awaiting = predict ? awaitsPrediction(ix, k, picks) : null;
  // the same object while no step changed the keyspace, so the notes built on it stay put
  const breaks = selectInvariantBreaks(keyspaceAt(ix, k));
  const scores = selectDistinctScores(ix, k);
  const reads = ix.clockReads[k] ?? 0;
  // the panel this step brings into view: it shows step k even while it is out of view
  let followed: PanelId | null = listingStep
    ? panelOf(listingStep.event, listingStep.changes.length > 0, k >= ix.n)
    : null;
  // a step whose writes are all ones the tables do not show is followed in the changes list
  if (followed === 'keyspace' && stepWroteOnlyElsewhere(ix, k, scenario)) followed = 'changes';
  // after a step, the lit line and the panel it changed are brought into view below the deck
  const deck = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  // a scrub, a held key or fast play: the panels out of view wait for the stepper to rest, and
  // no colour fades (stepper.module.css, .moving)
  const moving = useMoving(k, ix, true);
  const lastK = useRef(k);
  useEffect(() => watchForPlace(), []);
  useLayoutEffect(() => {
    if (lastK.current === k) return;
    lastK.current = k;
    const step = listingStep;
    if (!step || !deck.current || !grid.current) return;
    // a step that changes no panel keeps the last one followed in place: the deck above it
    // grows and shrinks with the narration, and would push it off the screen
    const name = followed ?? grid.current.dataset.follow;
    // said on the grid, so a test (and a reader of the DOM) can tell which panel is followed
    if (name && grid.current.dataset.follow !== name) grid.current.dataset.follow = name;
    const panel = name ? grid.current.querySelector<HTMLElement>(`[data-panel="${name}"]`) : null;
    keepPlaceInView(deck.current, panel);
  }, [k, listingStep, followed]);
  return (
    <>
      {/* pinned while the stepper scrolls: the controls, the words for this step, the listing */}
      <div
        className={moving ? `${s.deck} ${s.moving}` : s.deck}
        ref={deck}
        data-testid="stepper-deck"
      >
        <Controls
          k={k}
          n={ix.n}
          playing={playing}
          speed={speed}
          forwardBlocked={k >= ix.n || awaiting !== null}
          send={send}
        />
        <NarrationView narration={narrate(ix, k)} />
        {predict ? (
          <PredictPanel ix={ix} k={k} picks={picks} awaiting={awaiting} send={send} />
        ) : null}
        <CodeView
          listing={listing}
          line={line}
          script={ix.run.script}
          scriptName={ix.run.script === undefined ? undefined : scriptNameOf(variant)}
        />
      </div>
      <RunNotes
        breaks={breaks}
        reads={reads}
        scores={scores}
        micros={selectClock(ix, k)?.micros ?? null}
      />
      <RunPanels
        ix={ix}
        k={k}
        scenario={scenario}
        executor={executor}
        followed={followed}
        gridRef={grid}
        deckRef={deck}
        moving={moving}
      />
      <ConsoleDetails ix={ix} k={k} scenario={scenario} />
    </>
  );
});
