/**
 * The clock a console's fork runs on, shared by the page and its workers, so that a new worker
 * goes on from where an ended one stood. A leaf: the page reads it without loading a server.
 */

/** Now, in ms, on a clock the page and its workers share (each one's origin plus its monotonic time). */
export const sharedNow = (): number => performance.timeOrigin + performance.now();
