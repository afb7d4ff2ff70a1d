/**
 * The stepper's run as a line a learner can type: the EVALSHA the run sent, with the SHA of
 * the script it ran (the lesson's, a what-if's or the learner's own) and the scenario's keys
 * and arguments, quoted as redis-cli reads them back. Typed in the console, it runs the same
 * script on the fork, as it would on a real server that had the script loaded.
 */
import { grouped } from '../content/template.ts';
import { evalshaArgs, type Scenario } from '../scenario/index.ts';
import { sha1Hex } from '@batch-lease/redis-sim/client';
import { BATCH_SHA, BATCH_SOURCE } from '@batch-lease/echomq';
import { cliLine } from './cli-line.ts';

/** The most characters of the run's line the console's greeting shows; the copy has it all. */
export const SHOWN_LINE_CHARS = 240;

/** The run's EVALSHA: its SHA and the whole command line. */
export interface RunLine {
  sha: string;
  line: string;
}

/** The EVALSHA that runs `script` (the lesson's when null) on the scenario's keys and arguments. */
export function runLineOf(scenario: Scenario, script: string | null): RunLine {
  const sha = script === null || script === BATCH_SOURCE ? BATCH_SHA : sha1Hex(script);
  return { sha, line: cliLine(evalshaArgs(scenario, sha)) };
}

/** The line as the greeting shows it: whole when short, else its start and how much is left. */
export function shownLine(line: string): string {
  if (line.length <= SHOWN_LINE_CHARS) return line;
  const cut = line.lastIndexOf(' ', SHOWN_LINE_CHARS);
  const head = line.slice(0, cut > 0 ? cut : SHOWN_LINE_CHARS);
  return `${head} … (${grouped(line.length - head.length)} more characters)`;
}
