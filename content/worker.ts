/**
 * Why the simulated server's worker did not start, in words: one set of sentences for the
 * console and the stepper, which both run in it and both say why when it fails
 * (src/console/worker-failure.ts finds the cause). What each does instead is its own, in
 * content/console.ts and content/stepper.ts. `{name}` is a slot the code fills; the content
 * schema (src/content/schema.ts) checks each sentence names exactly those.
 */
export const workerWords = {
  refused:
    'The simulator’s worker, {url}, was refused by this page’s Content-Security-Policy ({directive}).',
  gone: 'The simulator’s worker, {url}, is no longer on the server (it answered {status}): the lesson was updated since this page opened. Reload the page to get Stop back.',
  network: 'The simulator’s worker, {url}, could not be loaded: {answer}.',
  answered: 'the server answered {status}',
  noAnswer: 'no answer came',
  threw: 'The simulator’s worker, {url}, stopped with an error as it started: {message}.',
  unavailable: 'This browser would not start the simulator’s worker, {url}: {message}.',
  notAsked:
    'This page runs the simulator itself, not in its worker ({url}): a page of another site gets the worker only when the element has the off-thread attribute.',
  blobRefused:
    'This page’s Content-Security-Policy did not let the simulator’s worker, {url}, start: for an element with the off-thread attribute the page must allow worker-src blob: {origin}.',
} as const;
