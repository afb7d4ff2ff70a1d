/**
 * What the console's log says of its own (not a server's answer): the greeting of a fork, a
 * worker or page server that did not load, and the cap on how long the log grows.
 */
import { type LogLine, type WorkerFailure, workerFailureWords } from '../../console/index.ts';
import { describeChunkFailure, type ChunkLoadError } from '../../loading/index.ts';
import { consoleWords as T } from '../../../content/console.ts';
import { fill, grouped } from '../../content/template.ts';

/** The most log lines kept; older ones are dropped with a line saying so. */
const MAX_LOG_LINES = 100_000;

/**
 * The log after `more` lines (after none when `clear`, as CLEAR empties it): at most
 * {@link MAX_LOG_LINES}, the oldest dropped and counted in a first line, so a long session
 * cannot fill the tab.
 */
export function withLines(old: LogLine[], more: LogLine[], clear = false): LogLine[] {
  const next = clear ? [...more] : old.concat(more);
  if (next.length <= MAX_LOG_LINES) return next;
  const cut = next.length - MAX_LOG_LINES;
  return [{ kind: 'note', text: `… ${grouped(cut)} older lines dropped` }, ...next.slice(cut + 1)];
}

/** The first line of a fork's log: what it stands for and who is logged in. */
export function greeting(user: string, origin: string): LogLine[] {
  return [{ kind: 'note', text: fill(T.greeting, { origin, user }) }];
}

/** What the log says when the simulator's worker did not start: which file, why, and what now. */
export function workerFailedLines(f: WorkerFailure): LogLine[] {
  return [
    { kind: 'note', text: workerFailureWords(f) },
    { kind: 'note', text: T.workerFallback },
  ];
}

/**
 * What the log says when the server the page runs itself did not load: the file that failed
 * and why (loadChunk's words, with the console's own way to try again: it has no Retry button),
 * and that what was typed waits for it.
 */
export function pageFailedLines(error: ChunkLoadError): LogLine[] {
  return [
    { kind: 'note', text: describeChunkFailure(error, T.pageServerTryAgain) },
    { kind: 'note', text: T.pageServerRetry },
  ];
}
