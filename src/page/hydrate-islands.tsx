import { StrictMode, type ReactNode } from 'react';
import { hydrateRoot, type ErrorInfo } from 'react-dom/client';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { islands, type IslandName } from './islands.ts';

/** Each island in the lesson's words, for the message it shows if it fails. */
const ISLAND_WHAT: Record<IslandName, string> = {
  stepper: 'the stepper',
  'fate-picker': 'the fate picker',
  'theme-toggle': 'the theme switch',
  copy: 'the copy button',
};

const report = (name: IslandName, kind: string) => (error: unknown, info?: ErrorInfo) => {
  console.error(`[${name} island] ${kind}:`, error, info?.componentStack ?? '');
};

/**
 * What an island shows when even its boundary could not render: React has unmounted the root,
 * so the message is plain DOM, and the island is never left blank.
 */
export function showIslandFailure(el: HTMLElement, what: string): void {
  const p = el.ownerDocument.createElement('p');
  p.setAttribute('role', 'alert');
  p.dataset.testid = 'island-failed';
  p.textContent = `${what.charAt(0).toUpperCase()}${what.slice(1)} stopped working because of an error in the lesson's code. Reload the page to try again; your place in the stepper is kept in the address.`;
  el.replaceChildren(p);
}

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
    const what = ISLAND_WHAT[name];
    let props: object = {};
    try {
      props = JSON.parse(el.dataset.props ?? '{}') as object;
    } catch (e) {
      report(name, 'unreadable props')(e);
    }
    hydrateRoot(
      el,
      <StrictMode>
        <ErrorBoundary what={what}>
          <Component {...props} />
        </ErrorBoundary>
      </StrictMode>,
      {
        // caught by the boundary, which shows it in the page; the console keeps the stack
        onCaughtError: report(name, 'render error (shown in the page)'),
        onUncaughtError: (error, info) => {
          report(name, 'render error')(error, info);
          showIslandFailure(el, what);
        },
        onRecoverableError: report(name, 'recovered from'),
      },
    );
  }
}
