import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Actor } from 'xstate';
import { LazyPanel } from '../components/lazy-panel.tsx';
import { useHydrated } from '../components/use-hydrated.ts';
import type { EmbeddedConsoleProps } from '../components/console/EmbeddedConsole.tsx';
import { FatePicker } from '../components/fate-picker/index.ts';
import { decodeSharedValue, hashWithValue, sharedValueIn } from '../console/share.ts';
import { restoreEvent, Stepper } from '../components/stepper/index.ts';
import { FATE_PARAM, FATES, type FateAnswersData, type FateId } from '../fates/picker.ts';
import {
  prerenderedFromJSON,
  type PrerenderedRunJSON,
  type StepperMachine,
} from '../stepper/index.ts';
import type { SharedState } from '../scenario/index.ts';
import type { EmbedEmitter } from './host-events.ts';
import { EmbedPlaceContext } from './in-embed.ts';
import type { EmbedOptions } from './options.ts';
import { followStepper } from './stepper-events.ts';
import { STEPPER_HASH_KEY, WIDGET_INFO, type EmbedWidget } from './widgets.ts';
import { consoleWords } from '../../content/console.ts';
import { embedWords } from '../../content/embed.ts';
import s from './embed.module.css';

/** What a widget is rendered from: the build's data for it (none inside a custom element). */
export type EmbedData =
  | { widget: 'stepper'; prerendered?: PrerenderedRunJSON[] }
  | { widget: 'fates'; answers: FateAnswersData[] }
  | { widget: 'console' };

export interface EmbedAppProps {
  data: EmbedData;
  options: EmbedOptions;
  /** plain-words notices about settings that had to be ignored */
  notices: readonly string[];
  /** where the full lesson is (its index.html), for the "open the full lesson" link */
  lessonUrl: string;
  emit: EmbedEmitter;
  /**
   * The stepper's key in the page's URL hash; null inside a custom element, where the host's
   * URL is not ours to write and two instances must not share one state.
   */
  hashKey: string | null;
  /** a state to open at (a custom element's `state` attribute; the console page's hash) */
  initialState?: SharedState | null;
}

/** The console's code (it runs the simulator) comes as a lazy chunk, behind a bounded wait. */
const loadConsole = () =>
  import('../components/console/EmbeddedConsole.tsx').then((m) => m.default);

/**
 * One widget alone, as a course page embeds it: the widget, any notice about
 * its settings, and a small link to the full lesson at the same state.
 */
export function EmbedApp({
  data,
  options,
  notices,
  lessonUrl,
  emit,
  hashKey,
  initialState,
}: EmbedAppProps) {
  const [dismissed, setDismissed] = useState(false);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const widget: EmbedWidget = data.widget;
  // the lesson link follows the state: the embed's hash is the lesson's own format
  const refreshLink = useCallback(() => {
    if (!linkRef.current) return;
    const own = hashKey !== null && typeof window !== 'undefined';
    // the console's typed lines travel in the hash as on the lesson page, so the lesson replays
    // them; without a stepper state the link goes to the widget's section, lines and all
    const lines = own && widget === 'console' ? sharedValueIn(window.location) : null;
    const state = own ? lessonHashOf(window.location.hash) : '';
    // the fate picked travels in the query, which the lesson's picker reads
    const fate = own && widget === 'fates' ? fateQuery(window.location.search) : '';
    linkRef.current.href = `${lessonUrl}${fate}${hashWithValue(state || `#${WIDGET_INFO[widget].lessonAnchor}`, lines)}`;
  }, [hashKey, lessonUrl, widget]);
  useEffect(refreshLink, [refreshLink]);

  return (
    <EmbedPlaceContext.Provider
      value={{ embedded: true, ownsPage: hashKey !== null, offThread: options.offThread }}
    >
      <div className={s.embed} data-embed={widget} data-in={hashKey === null ? 'element' : 'page'}>
        {notices.length > 0 && !dismissed ? (
          <div className={s.notice} role="status">
            <ul>
              {notices.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
            <button type="button" onClick={() => setDismissed(true)}>
              {embedWords.app.dismiss}
            </button>
          </div>
        ) : null}
        {data.widget === 'console' ? (
          <>
            <h2 className="sr-only">{embedWords.app.consoleHeading}</h2>
            <EmbeddedConsolePanel
              state={initialState ?? null}
              shared={decodeSharedValue(options.console)}
              emit={emit}
              ownsUrl={hashKey !== null}
            />
          </>
        ) : data.widget === 'stepper' ? (
          <EmbeddedStepper
            prerendered={data.prerendered}
            options={options}
            emit={emit}
            hashKey={hashKey}
            initialState={initialState ?? null}
          />
        ) : (
          <>
            {/* the picker's own heading is an h3, under the lesson's section heading */}
            <h2 className="sr-only">Single vs batch: collect, don&apos;t error</h2>
            <FatePicker
              answers={data.answers}
              initial={options.fate ?? undefined}
              lessonUrl={lessonUrl}
              onFateChange={(fate) => {
                // the chosen fate travels in the link: a reload, and "open the full lesson", keep it
                if (hashKey !== null) writeFate(fate);
                emit('answered', { member: null, id: 'fate', answer: fate, right: null });
              }}
            />
          </>
        )}
        <p className={s.footer}>
          <a
            ref={linkRef}
            href={`${lessonUrl}#${WIDGET_INFO[widget].lessonAnchor}`}
            target="_blank"
            rel="noopener"
            onFocus={refreshLink}
            onPointerDown={refreshLink}
          >
            {embedWords.app.openLesson}
          </a>
        </p>
      </div>
    </EmbedPlaceContext.Provider>
  );
}

/** The stepper's state in an embed page's hash (its console's lines left out), or ''. */
function lessonHashOf(hash: string): string {
  const state = hashWithValue(hash, null);
  return state.startsWith('#') && state.includes('?') ? state : '';
}

/** `?fate=…` from a query string when it names a fate the picker knows, or ''. */
function fateQuery(search: string): string {
  const fate = new URLSearchParams(search).get(FATE_PARAM);
  return fate && FATES.some((f) => f.id === fate) ? `?${new URLSearchParams({ fate })}` : '';
}

/** Writes the fate picked into the page's own query, keeping its other settings. */
function writeFate(fate: FateId): void {
  const params = new URLSearchParams(window.location.search);
  params.set(FATE_PARAM, fate);
  const url = `${window.location.pathname}?${params}${window.location.hash}`;
  window.history.replaceState(window.history.state, '', url);
}

/**
 * The console's lazy panel, once the page is live. The build renders (and hydration finds) only
 * what a reader without JavaScript needs to know: a lazy component in the server render would
 * leave a Suspense boundary React must abandon on hydration, and a "Loading…" line there would
 * never end with JavaScript off.
 */
function EmbeddedConsolePanel(props: EmbeddedConsoleProps) {
  const hydrated = useHydrated();
  if (!hydrated)
    return (
      <noscript>
        <p>{embedWords.app.consoleNoScript}</p>
      </noscript>
    );
  return (
    <LazyPanel<EmbeddedConsoleProps>
      what="the console"
      load={loadConsole}
      fallback={<p role="status">{consoleWords.loading}</p>}
      props={props}
    />
  );
}

function EmbeddedStepper({
  prerendered,
  options,
  emit,
  hashKey,
  initialState,
}: {
  prerendered?: PrerenderedRunJSON[];
  options: EmbedOptions;
  emit: EmbedEmitter;
  hashKey: string | null;
  initialState: SharedState | null;
}) {
  const runs = useMemo(() => prerendered?.map(prerenderedFromJSON), [prerendered]);
  const onActor = useCallback(
    (actor: Actor<StepperMachine>) => {
      // everything the state carries, as a link's (the learner's script among it)
      if (initialState) actor.send(restoreEvent(initialState));
      followStepper(actor, emit, options.predict);
    },
    [emit, initialState, options.predict],
  );
  return (
    <Stepper
      hashKey={hashKey ?? null}
      prerendered={runs}
      onActor={onActor}
      hideEditor={options.hideEditor}
    />
  );
}

export { STEPPER_HASH_KEY };
