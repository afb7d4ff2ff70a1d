/**
 * The console's session (a line in, redis-cli's answer out), its fork of the stepper's server,
 * history, help and export. It runs a server, so only the console's lazy chunk imports it;
 * eager code reads a link's typed lines through `./share.ts`, the other entry.
 */
export { exportCommands } from './export.ts';
export { forkAt, forkSpecAt } from './fork.ts';
export type { Fork, ForkSpec } from './fork.ts';
export { ConsoleBackend, killCommand } from './backend.ts';
export type { Running, RunningScript } from './backend.ts';
export type { LinkStop } from './console-host.ts';
export { consoleWorkerFactory, consoleWorkerUrl, type CrossOrigin } from './worker-factory.ts';
export type { WorkerFailure } from './worker-failure.ts';
export { workerFailureWords } from './worker-failure-words.ts';
export { completionNames } from './help.ts';
export { ConsoleHistory } from './history.ts';
export { isSensitive } from './sensitive.ts';
export type { HistoryStore } from './history.ts';
export { runLineOf } from './run-line.ts';
export { ConsoleSession } from './session.ts';
export type { LogLine, RunResult } from './session.ts';
