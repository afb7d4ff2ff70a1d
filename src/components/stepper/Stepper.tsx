import { stepperWords as T } from '../../../content/stepper.ts';
import { useActorRef, useSelector } from '@xstate/react';
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import {
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
  LESSON_SCRIPT,
  scriptErrorWords,
  runsWhatIf,
} from '../../stepper/index.ts';
import {
  presetOf,
  presetById,
  type PresetId,
  type Executor,
  type Scenario,
  encodeHash,
} from '../../scenario/index.ts';
import type { Actor } from 'xstate';
import { useWorkerRuns } from '../use-worker-runs.ts';
import { LoadingSimulator } from './LoadingSimulator.tsx';
import { WorkerFallbackNotice } from './WorkerFallbackNotice.tsx';
import {
  HeldScript,
  LinkNotice,
  NoScriptNotice,
  RunUnavailable,
  ScriptBanner,
  SimulatorFailed,
  TooLargeNote,
} from './StepperAlerts.tsx';
import { DrawerButtons } from './StepperDrawers.tsx';
import { StepperOptions } from './StepperOptions.tsx';
import { StepperToolbar } from './StepperToolbar.tsx';
import s from './stepper.module.css';
import { sharedStateOf, useHashSync } from './use-hash-sync.ts';
import { useHydrated } from '../use-hydrated.ts';
import { useSimulatorPrefetch } from './use-simulator-prefetch.ts';
import { eventOfKey, keyBelongsToField } from './stepper-keys.ts';
import { arriveAt } from './arrive.ts';
import { stageTitle } from './stage-title.ts';
import { RunView, pageListing } from './RunView.tsx';
import { withoutLaunchParams } from '../../lms/launch-params.ts';
import { SideRow } from '../side-row.tsx';

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
  /**
   * The heading over the stepper: by default it names the scenario it runs (stageTitle); null
   * when the page supplies its own (give `label` then).
   */
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

/**
 * "Extend four leases · step the members": the batch script, stepped member by member, on a
 * stage of fixed geometry. The stage is as tall as the box it is given (the lesson's slot, an
 * embed's frame): the controls, the narration, what the run breaks, the script and the state
 * each have a place of their own, every region scrolls inside its own box, and a step changes
 * what they show, never where they are or the page's scroll.
 */
export function Stepper({
  initialScenario,
  preset,
  executor = 'script',
  compare: compareInitially = false,
  hashKey = 'stepper',
  title: titleGiven,
  label = T.label,
  onLineChange,
  traceSource,
  prerendered,
  loader = lazySimulator,
  onActor,
  hideEditor = false,
}: StepperProps) {
  const headingId = useId();
  // a learner's script (the editor's, a lua= link's) runs in a worker, off the page's thread;
  // a simulator at hand (tests) makes every run at once
  const offThread = useWorkerRuns(!traceSource);
  // the script editor's compile check, in the same worker (one function, so the editor's memo holds)
  const [check] = useState(() => (offThread ? (text: string) => offThread.check(text) : undefined));
  const actor = useActorRef(stepperMachine, {
    input: {
      scenario: initialScenario ?? (preset ? presetById(preset).build() : undefined),
      executor,
      source: traceSource,
      prerendered,
      loader,
      compare: compareInitially,
      offThread,
    },
  });
  useEffect(() => {
    onActor?.(actor);
  }, [onActor, actor]);
  // The frame around the run does not read k: a step renders only the run's view (RunView).
  const ix = useSelector(actor, (snap) => snap.context.ix);
  const scenario = useSelector(actor, (snap) => snap.context.scenario);
  const currentExecutor = useSelector(actor, (snap) => snap.context.executor);
  const variant = useSelector(actor, (snap) => snap.context.variant);
  const script = useSelector(actor, (snap) => snap.context.script);
  const predict = useSelector(actor, (snap) => snap.context.predict);
  const runs = useSelector(actor, (snap) => snap.context.runs);
  const loadError = useSelector(actor, (snap) => snap.context.loadError);
  const drawer = useSelector(actor, (snap) => snap.context.drawer);
  const held = useSelector(actor, (snap) => snap.context.held);
  const limited = useSelector(actor, (snap) => snap.context.limited);
  const [notice, setNotice] = useState<{ text: string; echo: string | null } | null>(null);
  const rootRef = useRef<HTMLElement>(null);
  useSimulatorPrefetch(rootRef, loader, offThread, traceSource !== undefined);
  // unapplied edits live outside the editor (draft-store.ts); without a hash key, in memory only
  const draftKey = hashKey ?? `local:${headingId}`;
  const [draftKept, setDraftKept] = useState(false);
  // read after hydration (session storage is the browser's), and again whenever the editor
  // closes; the store comes with the editor's code, so the page's first load does not carry it
  const editing = drawer === 'scenario';
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
    (r) => {
      setNotice(r.notice ? { text: r.notice, echo: r.echo ?? null } : null);
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
  // Every change of the running script then goes through one rule (script-draft-follow.ts),
  // the editor open or not.
  const editingScript = drawer === 'script';
  const running = scriptText(variant, script) ?? LESSON_SCRIPT;
  const lastOwn = useRef(script);
  const lastRunning = useRef(running);
  const [scriptKept, setScriptKept] = useState(false);
  useEffect(() => {
    const was = lastOwn.current;
    lastOwn.current = script;
    const ranBefore = lastRunning.current;
    lastRunning.current = running;
    const discarded = discarding.current;
    discarding.current = false;
    let live = true;
    void import('./script-draft-follow.ts').then(
      (m) => {
        if (was !== null && was !== script && !discarded && m.readScriptDraft(draftKey) === null)
          m.keepScriptDraft(draftKey, { text: was, base: was });
        // not on the first render: a text that ran before the tab closed is the editor's to say
        if (ranBefore !== running) m.followRunning(draftKey, running);
        // a text kept only until the link carries it, while it runs, is no unrun edit
        const d = m.readScriptDraft(draftKey);
        if (live) setScriptKept(d !== null && d.text !== script);
      },
      () => {}, // no store: the editor still holds what is open in it
    );
    return () => {
      live = false;
    };
  }, [script, running, draftKey, editingScript]);

  const ready = 'n' in ix ? ix : null;
  // the learner's script with no run to step: held back by its link, or a run of it that did
  // not end (stopped, or the time limit): the console forks the server it would start from
  const ended = ready === null && !isPending(ix) && !loadError && limited;
  const notRun = useMemo(
    () =>
      script === null
        ? null
        : held
          ? { script, why: 'held' as const }
          : ended
            ? { script, why: 'ended' as const }
            : null,
    [script, held, ended],
  );
  const listing: StepListing =
    ready?.run.listing ?? (currentExecutor === 'native' ? 'emq_extends.rs' : 'extend_locks2.lua');
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
  const title = titleGiven === undefined ? stageTitle(scenario) : titleGiven;
  // read at click time, so the link is the step the learner is on; a platform's launch
  // parameters (who the learner is, their registration) stay out of a link meant to be shared
  const stepLink = useCallback(() => {
    const { origin, pathname, search } = window.location;
    const query = withoutLaunchParams(search);
    return `${origin}${pathname}${query}${encodeHash(hashKey ?? 'stepper', sharedStateOf(actor))}`;
  }, [actor, hashKey]);
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

  const drawers = {
    compare: { runs, scenario, script: scriptText(variant, script) },
    script: {
      running,
      lesson: LESSON_SCRIPT,
      error: runError,
      onRun: runScript,
      onReset: resetScript,
      draftKey,
      check,
    },
    scenario: { scenario, onApply: applyScenario, draftKey },
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
      data-drawer={drawer ?? undefined}
      // a what-if's steps say more than the lesson's: a phone gives them a taller box (the CSS)
      data-what-if={runsWhatIf(variant, script) ? '' : undefined}
    >
      <div className={s.stage}>
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
          <div className={s.top}>
            {notice ? <LinkNotice notice={notice} onDismiss={() => setNotice(null)} /> : null}
            {tooLarge ? <TooLargeNote what={tooLarge} /> : null}
            <StepperToolbar
              idBase={headingId}
              presetId={presetId}
              executor={currentExecutor}
              send={send}
            />
            <ScriptBanner variant={variant} script={script} executor={currentExecutor} />
            <WorkerFallbackNotice runs={offThread} />
          </div>

          <RunView
            ix={ready}
            // null with a run, so a step's memo of the run view holds
            waiting={
              ready ? null : isPending(ix) ? (
                <LoadingSimulator
                  running={ix.running === true}
                  onStop={() => send({ type: 'run.stop' })}
                />
              ) : loadError ? (
                <SimulatorFailed
                  error={loadError}
                  reason={'reason' in ix ? ix.reason : ''}
                  send={send}
                />
              ) : held ? (
                <HeldScript reason={'reason' in ix ? ix.reason : ''} send={send} />
              ) : (
                <RunUnavailable reason={'reason' in ix ? ix.reason : ''} />
              )
            }
            actor={actor}
            scenario={scenario}
            send={send}
            onLineChange={onLineChange}
            idBase={headingId}
            drawers={drawers}
            notRun={notRun}
          />

          <SideRow frame={s.barFrame} row={s.bar} role="group" aria-label={T.stage.bar}>
            <StepperOptions
              variant={variant}
              script={script}
              executor={currentExecutor}
              predict={predict}
              send={send}
              stepLink={hashKey === null ? null : stepLink}
            />
            <DrawerButtons
              idBase={headingId}
              open={drawer}
              hideEditor={hideEditor}
              ownScript={script !== null}
              scriptKept={scriptKept}
              scenarioKept={draftKept}
              send={send}
            />
          </SideRow>
        </fieldset>
      </div>
    </section>
  );
}
