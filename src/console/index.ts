/**
 * The console's page side: its connection to the simulated server (in a worker, or loaded on
 * the page only where no worker starts), the fork it asks for, history, the run's EVALSHA and
 * the words for a worker that failed. Nothing here carries the server, so the console's chunk
 * loads no simulator (the dependency rule `console-page-never-loads-the-server`); eager code
 * reads a link's typed lines through `./share.ts`, and a stepper's runs go through
 * `./off-thread.ts`, the other entries.
 */
export { forkSpecAt } from './fork-spec.ts';
export type { ForkSpec } from './fork-spec.ts';
export { ConsoleBackend } from './backend.ts';
export { completionFaultText, copyFaultText, exportFaultText, startFaultText } from './fault.ts';
export { MAX_KEPT_COPIES, type CopyRef } from './copy-store.ts';
export type { Running, RunningScript } from './backend.ts';
export type { LinkStop } from './share.ts';
export { consoleWorkerFactory, consoleWorkerUrl, type CrossOrigin } from './worker-factory.ts';
export type { WorkerFailure } from './worker-failure.ts';
export { workerFailureWords } from './worker-failure-words.ts';
export { ConsoleHistory } from './history.ts';
export { isSensitive } from './sensitive.ts';
export type { HistoryStore } from './history.ts';
export { runLineOf } from './run-line.ts';
export type { LogLine, RunResult } from './session.ts';
