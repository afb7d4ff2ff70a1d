/**
 * The embed pages' entry (embed/stepper.html, embed/fates.html, embed/console.html): one widget,
 * sized for its frame. The build pre-renders the widget with its data; the
 * page hydrates it when the URL asks for nothing else, and renders it afresh
 * when settings (hide the editor, predict mode, a fate) change its shape.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '../styles/lesson.css';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { showIslandFailure } from '../components/island-failure.ts';
import { watchHeight, type HeightWatch } from './auto-height.ts';
import { EmbedApp, type EmbedData } from './EmbedApp.tsx';
import { embedMessage, type EmbedEmitter } from './host-events.ts';
import { DEFAULT_OPTIONS, readOptions } from './options.ts';
import { movedToHash, SHARE_PARAM, sharedValueInHash, withoutShared } from '../console/share.ts';
import { decodeHash, type SharedState } from '../scenario/index.ts';
import { applyTheme } from './theme.ts';
import { isEmbedWidget, STEPPER_HASH_KEY, WIDGET_WHAT } from './widgets.ts';
import { showDevLoadFailure } from '../components/dev-load-failure.ts';
import { embedWords } from '../../content/embed.ts';

const root = document.getElementById('embed-root');
if (root) {
  const widget = root.dataset.widget;
  // The build writes the widget's data into the page; the dev server (`npm start`) serves the
  // page as it stands in embed/, without it, so there the data is computed here (a branch the
  // production bundle drops, with the simulator it imports).
  if (import.meta.env.DEV && root.dataset.props === undefined && isEmbedWidget(widget))
    import('./embed-data.ts').then(
      ({ embedData }) => start(root, embedData(widget)),
      (error: unknown) => showDevLoadFailure(root, "this widget's code", error),
    );
  else start(root, JSON.parse(root.dataset.props ?? '{}') as EmbedData);
}

/** Renders (or hydrates) the page's widget from its data, and starts its messages to a host. */
function start(root: HTMLElement, data: EmbedData): void {
  // an old link's `?console=` moves into the hash, where no server log sees it
  const moved = movedToHash(window.location);
  if (moved) window.history.replaceState(window.history.state, '', moved);
  const params = new URLSearchParams(window.location.search);
  const fromHash = sharedValueInHash(window.location.hash);
  const pairs = [...params.entries(), ...(fromHash === null ? [] : [[SHARE_PARAM, fromHash]])];
  const { options, notices } = readOptions(pairs as [string, string][], data.widget, 'page');
  applyTheme(document.documentElement, options.theme);
  // the console forks the stepper state the hash names (the stepper reads its hash itself)
  let initialState: SharedState | null = null;
  const stateHash = withoutShared(window.location.hash);
  if (data.widget === 'console' && stateHash) {
    const decoded = decodeHash(stateHash, STEPPER_HASH_KEY);
    if (decoded?.state) initialState = decoded.state;
    else notices.push(decoded?.notice ?? embedWords.app.noState);
  }
  const instance = window.name || null;
  const parent = window.parent !== window ? window.parent : null;
  // set once the widget is rendered (below); `ready` comes from an effect, after its first commit
  let height: HeightWatch | null = null;
  const emit: EmbedEmitter = (kind, detail) => {
    // a frame below the fold is not rendered, so its resize observer is silent until it scrolls
    // into view, and would then grow the frame under the reader's eyes (the console's content
    // comes after its first paint): the widget's content is measured the moment it is ready
    if (kind === 'ready') height?.post();
    parent?.postMessage(embedMessage(kind, data.widget, instance, detail), '*');
  };
  // relative, as the build rendered it, so hydration finds the same link
  const lessonUrl = '../';
  const app = (
    <StrictMode>
      <ErrorBoundary what={WIDGET_WHAT[data.widget]}>
        <EmbedApp
          data={data}
          options={options}
          notices={notices}
          lessonUrl={lessonUrl}
          emit={emit}
          hashKey={STEPPER_HASH_KEY}
          initialState={initialState}
        />
      </ErrorBoundary>
    </StrictMode>
  );
  // a render error shows in the boundary; one it cannot catch still leaves a message
  const handlers = {
    onCaughtError: (e: unknown) => console.error('[embed] render error (shown in the page):', e),
    onUncaughtError: (e: unknown) => {
      console.error('[embed] render error:', e);
      showIslandFailure(root, 'this widget');
    },
  };
  const asBuilt =
    notices.length === 0 && JSON.stringify(options) === JSON.stringify(DEFAULT_OPTIONS);
  if (asBuilt && root.firstElementChild) hydrateRoot(root, app, handlers);
  else createRoot(root, handlers).render(app);
  // the page's address without its query or hash: those hold the learner's state and lines,
  // and the resize message goes to any origin
  if (parent)
    height = watchHeight(root, parent, `${window.location.origin}${window.location.pathname}`);
}
