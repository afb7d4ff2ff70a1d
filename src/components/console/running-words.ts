/** What the console's bar and log say of the line that is running. */
import type { Running } from '../../console/index.ts';
import { consoleWords as T } from '../../../content/console.ts';
import { fill } from '../../content/template.ts';

/** What the bar says while a line runs: a script, a client waiting (BLPOP …), or anything else. */
export function runningText(running: Running): string {
  const wait = running.blocked;
  if (wait?.until === null) return fill(T.blockedForever, { command: wait.command });
  if (wait)
    return fill(T.blocked, { command: wait.command, seconds: String(wait.timeoutMs / 1000) });
  if (!running.script) return T.running;
  return running.script.kind === 'eval' ? T.runningScript : T.runningFunction;
}

/** The Stop button's label: a script's, a function's, or a waiting client's (redis-cli's Ctrl-C). */
export function stopLabel(running: Running): string {
  if (!running.script) return T.stop;
  return running.script.kind === 'eval' ? T.stopScript : T.stopFunction;
}

/** The running line's command, as the log names it (a redis-cli repeat count skipped). */
export function commandOf(running: Running | null): string {
  if (running?.blocked) return running.blocked.command;
  const words = (running?.line ?? '').trim().split(/\s+/);
  const word = /^\d+$/.test(words[0] ?? '') && words.length > 1 ? words[1] : words[0];
  return (word ?? '').toUpperCase();
}
