/**
 * How much one typed line may do, its repeats together. The session holds a line to them on
 * the side that runs the server; the page reads the time limit too (its watchdog waits past
 * it), so they are here, in a module that carries no server.
 */

/**
 * The script steps one typed line may take, its repeats together: more than a line can take in
 * its {@link LINE_TIME_LIMIT_MS}, so an endless script runs until the time limit or Stop, as it
 * would run on a real server until SCRIPT KILL (its worker keeps the page responsive meanwhile).
 */
export const LINE_STEP_BUDGET = 1_000_000_000;
/** How long one typed line may run, its repeats together (what a real server calls lua-time-limit). */
export const LINE_TIME_LIMIT_MS = 5_000;
