import { StrictMode, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { showIslandFailure } from '../components/island-failure.ts';
import { islands, type IslandName } from './islands.ts';

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
    const Component = islands[name] as unknown as (p: object) => ReactNode;
    if (!Component) continue;
    const what = whatOf(name);
    let props: object = {};
    try {
      props = JSON.parse(el.dataset.props ?? '{}') as object;
    } catch (e) {
      report(name)(e);
    }
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
  }
}
