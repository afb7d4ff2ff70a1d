/**
 * What the page and the console's second client say to each other. The second client (a line
 * typed while another runs, as a second redis-cli's would be) lives on a server of its own that
 * stands in for the console's (`stand-in.ts`), in a worker of its own, so the page never runs
 * the simulator to answer it, and the console's worker, busy with the script, need not.
 */
import type { BusyState } from '@batch-lease/redis-sim';
import type { ForkSpec } from './fork-spec.ts';
import type { LogLine } from './session.ts';

/**
 * How a second client's line ends the console's running line: its script killed (SCRIPT KILL
 * or FUNCTION KILL answered OK), or the server shut down (SHUTDOWN NOSAVE).
 */
export type SecondEnd = 'killed' | 'shutdown';

/** What the page asks of the second client. */
export type SecondRequest =
  /** the console forked (`origin`: when the fork's clock began, on `sharedNow`'s clock) */
  | { kind: 'second-fork'; spec: ForkSpec; origin: number }
  /**
   * a line typed while the console's own line runs: `busy` is what the console's server told
   * of its running script (with whether it has written since), or null when no script runs
   * (the console's client waits, as on BLPOP, or runs one long command)
   */
  | { kind: 'second-line'; id: number; line: string; busy: BusyState | null }
  /** the console's running line ended: the second client disconnects */
  | { kind: 'second-end' };

/**
 * The second client's answer to a line: what it printed, and how it ends the running line, if
 * it does; `lines` null when it cannot be answered while no script runs (the line waits).
 */
export interface SecondReply {
  kind: 'second-ran';
  id: number;
  lines: LogLine[] | null;
  ends: SecondEnd | null;
}
