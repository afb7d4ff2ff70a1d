/**
 * A fault of the simulator's own code: what the side holding a server answers when its code
 * threw on a request (a line, a run, the fork, completions, an export), and the words the page
 * prints for it. Light (no server), so the page's side of the console and the stepper read it
 * without loading the simulator.
 */

/** The thrown value as one line: an Error's name and message, or the value's text. */
export function faultText(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

/** What every fault's words begin with: what failed, what it threw, and that it is no Redis answer. */
const cause = (failed: string, message: string) =>
  `The simulator failed ${failed}: its code stopped with an error (${message}). That is a ` +
  'fault of the simulator, not an answer a Redis server gives.';

/** What a line the simulator failed on is told when no server could be started in its place. */
export function lineFaultCauseText(message: string): string {
  return cause('on this line', message);
}

/**
 * What the console's log says of a line the simulator failed on (`message`: what its code
 * threw): that it is the simulator's fault and not Redis's answer, where the server stands now
 * (a new one replayed the lines before it), and what the learner can do.
 */
export function lineFaultText(message: string): string {
  return (
    `${cause('on this line', message)} The console started its server again and replayed the ` +
    'lines before this one, so the keyspace stands as it did before this line. The line is kept ' +
    'in the history (↑ in the input); if the simulator fails on it again, reload the page.'
  );
}

/**
 * What the log says when the simulator failed as it started the console's server (its fork,
 * or the replay of the lines before, after a line was ended): no server stands, so a line sent
 * is not run, and what the learner can do.
 */
export function startFaultText(message: string): string {
  return (
    `${cause("as it started the console's server", message)} No server stands here now, so a ` +
    'line sent is not run: it stays in the input. Reset starts the server again; if the ' +
    'simulator fails again, reload the page.'
  );
}

/** What a line sent while no server stands is answered with (its start failed: {@link startFaultText}). */
export const NO_SERVER_TEXT =
  "This line was not run: the console's server did not start (the simulator failed as it " +
  'started it, as said above). Reset starts it again; if the simulator fails again, reload the page.';

/** What the log says when the simulator failed as it listed the command names Tab completes. */
export function completionFaultText(message: string): string {
  return (
    `${cause('as it listed the command names Tab completes', message)} Tab completes no name ` +
    'here; every line runs as before.'
  );
}

/** What the log says when the simulator failed as it wrote the keyspace out for Export. */
export function exportFaultText(message: string): string {
  return (
    `${cause('as it wrote the keyspace out as redis-cli commands', message)} Nothing was ` +
    'copied, and the server stands as it did. Try again; if the simulator fails again, reload the page.'
  );
}

/** What Copy all says when the simulator failed as it made a cut output's whole text. */
export function copyFaultText(message: string): string {
  return `${cause('as it made the text to copy', message)} Nothing was copied.`;
}

/**
 * What the log says of a line typed while another runs (the console's second client's) that
 * the simulator failed on: the running line goes on.
 */
export function secondLineFaultText(message: string): string {
  return (
    `${cause('on this line', message)} The line running goes on. This line is kept in the ` +
    'history (↑ in the input); if the simulator fails on it again, reload the page.'
  );
}
