/**
 * A fault of the simulator's own code: what the side holding a server answers when its code
 * threw on a request (a line, a run), and the words the page prints for it. Light (no server),
 * so the page's side of the console and the stepper read it without loading the simulator.
 */

/** The thrown value as one line: an Error's name and message, or the value's text. */
export function faultText(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

/**
 * What the console's log says of a line the simulator failed on (`message`: what its code
 * threw): that it is the simulator's fault and not Redis's answer, where the server stands now
 * (a new one replayed the lines before it), and what the learner can do.
 */
export function lineFaultText(message: string): string {
  return (
    `The simulator failed on this line: its code stopped with an error (${message}). That is a ` +
    'fault of the simulator, not an answer a Redis server gives. The console started its server ' +
    'again and replayed the lines before this one, so the keyspace stands as it did before this ' +
    'line. The line is kept in the history (↑ in the input); if the simulator fails on it again, ' +
    'reload the page.'
  );
}
