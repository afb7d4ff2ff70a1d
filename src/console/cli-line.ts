/**
 * A command as a line typed at the redis-cli prompt, each argument quoted the way redis-cli's
 * own parser reads it back: for the console's export and for the run's EVALSHA the page shows.
 * It carries no server, so the page's side of the console may use it.
 */
import { quoteBulk } from '@batch-lease/redis-sim/client';

/** An argument as typed at the redis-cli prompt: bare when it is plain, else double-quoted. */
export function cliWord(a: string): string {
  return /^[\x21-\x7e]+$/.test(a) && !/["'\\]/.test(a) ? a : quoteBulk(a);
}

/** One command line. */
export const cliLine = (args: readonly string[]): string => args.map(cliWord).join(' ');
