/**
 * The simulated server, fetched only when a run needs it. The page carries the default
 * scenario's runs computed at build time, so the simulator (the bulk of the app's code) stays
 * out of the JavaScript the page loads before it is interactive; this module is the one door
 * to it, a dynamic import that the bundler splits into its own chunk.
 */
import { PAGE_COMMAND_WORK, PAGE_TIME_LIMIT_MS } from '../../limits/page-thread.ts';
import { loadChunk } from '../../loading/index.ts';
import type { SimTraceSourceOptions, TraceSource } from './trace-source.ts';

/** Where the simulator's trace source comes from, and whether it has arrived yet. */
export interface SimulatorLoader {
  /** the trace source, once it has loaded; null before */
  current(): TraceSource | null;
  /** loads it (at most once while it succeeds) and resolves to it */
  load(): Promise<TraceSource>;
}

/** A loader around any import of the trace-source module; a failed load may be retried. */
export function createSimulatorLoader(
  importSource: () => Promise<{
    createSimTraceSource: (options?: SimTraceSourceOptions) => TraceSource;
  }>,
): SimulatorLoader {
  let loaded: TraceSource | null = null;
  let pending: Promise<TraceSource> | null = null;
  return {
    current: () => loaded,
    load() {
      pending ??= importSource().then(
        (m) =>
          (loaded = m.createSimTraceSource({
            learnersTimeLimitMs: PAGE_TIME_LIMIT_MS,
            learnersCommandWork: PAGE_COMMAND_WORK,
          })),
        (e: unknown) => {
          pending = null;
          throw e;
        },
      );
      return pending;
    },
  };
}

/**
 * The page's simulator: one per page, shared by every stepper on it, because it is only the
 * loaded code (each run still gets its own server).
 */
export const lazySimulator: SimulatorLoader = createSimulatorLoader(() =>
  loadChunk(() => import('./trace-source.ts'), { what: 'the simulated server' }),
);
