import { StrictMode, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { showIslandFailure } from '../components/island-failure.ts';
import { clientIslands } from './client-islands.ts';
import type { IslandName } from './islands.ts';

/** An island in the lesson's words ("the fate picker"), for the message it shows if it fails. */
const whatOf = (name: IslandName) =>
  name === 'copy' ? 'the copy button' : `the ${name.replace('-', ' ')}`;

const report = (name: IslandName) => (error: unknown) => console.error(`[${name} island]`, error);

/**
 * Hydrates every island the build rendered; each is its own React root behind its own error
 * boundary, so one failing island leaves the others (and the lesson text) working. The boundary
 * renders exactly its children until something fails, so the prerendered HTML still matches.
 */
export function hydrateIslands(doc: Document = document): void {
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
    const hydrate = (Component: ComponentType<object>) =>
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
    if ('eager' in island) hydrate(island.eager);
    else
      whenNear(el, () =>
        island.load().then(hydrate, (error: unknown) => {
          report(name)(error);
          showIslandFailure(el, what);
        }),
      );
  }
}

/**
 * Runs `go` once, when `el` comes within a screen or two of the viewport or the page goes
 * idle, whichever is first (an island far down the lesson need not delay the first load).
 */
function whenNear(el: HTMLElement, go: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    go();
  };
  // already near the screen (or no observer to ask): fetch now
  const near = el.getBoundingClientRect().top < window.innerHeight * 3;
  const observer =
    near || typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && once(), {
          rootMargin: '1200px 0px',
        });
  observer?.observe(el);
  if (!observer) once();
  else if ('requestIdleCallback' in window) window.requestIdleCallback(once, { timeout: 4000 });
  else setTimeout(once, 2000);
}
