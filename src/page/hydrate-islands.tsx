import { StrictMode, startTransition, type ComponentType } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { FailureNotice } from '../components/failure-notice.tsx';
import { showIslandFailure } from '../components/island-failure.ts';
import { loadChunk, whenIdle } from '../loading/index.ts';
import { startPlatform } from '../lms/start.ts';
import { clientIslands } from './client-islands.ts';
import type { IslandName } from './islands.ts';

/** An island in the lesson's words ("the fate picker"), for the message it shows if it fails. */
const whatOf = (name: IslandName) =>
  name === 'copy'
    ? 'the copy button'
    : name === 'bullmq'
      ? 'the BullMQ stepper'
      : `the ${name.replace('-', ' ')}`;

const report = (name: IslandName) => (error: unknown) => console.error(`[${name} island]`, error);

/**
 * Hydrates every island the build rendered; each is its own React root behind its own error
 * boundary, so one failing island leaves the others (and the lesson text) working. The boundary
 * renders exactly its children until something fails, so the prerendered HTML still matches.
 */
export function hydrateIslands(doc: Document = document): void {
  // A course package's page, launched by a learning platform, reports to it: the runtime (a
  // lazy chunk) follows the islands' events, so it starts with them. The web lesson finds no
  // package here and starts nothing.
  startPlatform(doc.defaultView ?? window);
  for (const el of doc.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = el.dataset.island as IslandName;
    const island = clientIslands[name];
    if (!island) continue;
    const what = whatOf(name);
    let props: object = {};
    try {
      props = JSON.parse(el.dataset.props ?? '{}') as object;
    } catch (e) {
      report(name)(e);
    }
    // Hydrated as a transition: React then renders the island in slices of a few milliseconds,
    // yielding to the browser between them, instead of in one task as long as the island is big
    // (on a phone's CPU the stepper's was a long task of its own, most of the load's blocking
    // time). A click on a part not yet hydrated still hydrates that part at once.
    const hydrate = (Component: ComponentType<object>) =>
      startTransition(() => {
        hydrateRoot(
          el,
          <StrictMode>
            <ErrorBoundary what={what}>
              <Component {...props} />
            </ErrorBoundary>
          </StrictMode>,
          {
            // caught by the boundary, which shows it in the page; the console keeps the error
            onCaughtError: report(name),
            onUncaughtError: (error) => {
              report(name)(error);
              showIslandFailure(el, what);
            },
            // a hydration mismatch React recovered from: React's own report is kept (the default)
          },
        );
      });
    // Each eager island (the theme toggle, the copy buttons) starts in a task of its own: a root
    // is a few milliseconds to start (React listens for every event on its container), and the
    // eight of them with this chunk's evaluation were one task past 50 ms on a phone's CPU.
    if ('eager' in island) setTimeout(() => hydrate(island.eager), 0);
    else whenNear(el, () => hydrateWhenLoaded(el, name, what, island.load, hydrate));
  }
}

/**
 * Fetches a lazy island's chunk through {@link loadChunk} (a bounded wait; a hang, a dropped
 * connection and a redeployed site told apart) and hydrates the island with it. Until it comes the
 * island is its prerendered HTML, still readable; a failure puts the message with Retry (and, for
 * a chunk a redeploy removed, a reload that keeps the state) just above it, in a root of its own,
 * since the island's own markup must stay as the build wrote it for hydration to match.
 */
function hydrateWhenLoaded(
  el: HTMLElement,
  name: IslandName,
  what: string,
  load: () => Promise<ComponentType<object>>,
  hydrate: (Component: ComponentType<object>) => void,
): void {
  let notice: { host: HTMLElement; root: Root } | null = null;
  let pending = false;
  const attempt = () => {
    if (pending) return; // a second Retry while the first is on its way
    pending = true;
    loadChunk(load, { what }).then(
      (Component) => {
        pending = false;
        notice?.root.unmount();
        notice?.host.remove();
        notice = null;
        hydrate(Component);
      },
      (error: unknown) => {
        pending = false;
        report(name)(error);
        if (!notice) {
          const host = el.ownerDocument.createElement('div');
          host.dataset.islandFailure = name;
          el.before(host);
          notice = { host, root: createRoot(host) };
        }
        notice.root.render(<FailureNotice error={error} what={what} onRetry={attempt} />);
      },
    );
  };
  attempt();
}

/**
 * Runs `go` once, when `el` comes within a few screens of the viewport or the page goes idle,
 * whichever is first (an island far down the lesson need not delay the first load).
 */
function whenNear(el: HTMLElement, go: () => void): void {
  let done = false;
  let observer: IntersectionObserver | null = null;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    go();
  };
  if (typeof IntersectionObserver === 'undefined') return once();
  // Asked of an observer, not read from the layout: its first answer (at once for an island
  // already near the screen) comes after the browser's own first layout, where reading a position
  // here forced that layout into the task that evaluates the page's script, one long task.
  observer = new IntersectionObserver(
    (entries) => entries.some((e) => e.isIntersecting) && once(),
    { rootMargin: `${Math.max(1200, window.innerHeight * 3)}px 0px` },
  );
  observer.observe(el);
  whenIdle(once, 4000, 2000);
}
