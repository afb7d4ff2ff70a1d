import { lazy, Suspense, useCallback, useState, type ComponentType, type ReactNode } from 'react';
import { loadChunk } from '../loading/index.ts';
import { ErrorBoundary } from './error-boundary.tsx';

export interface LazyPanelProps<P extends object> {
  /** the panel in the lesson's words, for the failure message */
  what: string;
  /** imports the panel's chunk; called again on Retry */
  load: () => Promise<ComponentType<P>>;
  /** shown while the chunk loads (bounded: a timeout turns it into a message with Retry) */
  fallback: ReactNode;
  props: P;
}

const lazyOf = <P extends object>(load: () => Promise<ComponentType<P>>, what: string) =>
  lazy(() => loadChunk(load, { what }).then((C) => ({ default: C })));

/**
 * A panel whose code is a lazily loaded chunk, behind an error boundary: a chunk that fails,
 * hangs or was removed by a redeploy leaves a message with Retry in the panel's place, and the
 * rest of the island keeps working. React caches a lazy component's failure for good, so Retry
 * makes a fresh one.
 */
export function LazyPanel<P extends object>({ what, load, fallback, props }: LazyPanelProps<P>) {
  const [Panel, setPanel] = useState(() => lazyOf(load, what));
  const retry = useCallback(() => setPanel(() => lazyOf(load, what)), [load, what]);
  return (
    <ErrorBoundary what={what} onRetry={retry}>
      <Suspense fallback={fallback}>
        <Panel {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
