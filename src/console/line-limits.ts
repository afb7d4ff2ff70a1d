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
/**
 * The most work one command of a typed line may do in the console's worker, in the elements the
 * simulator's commands count their work in (its `commandWorkCap`). The line's time limit is read
 * between commands and between a script's steps, never inside one command, so a command bigger
 * than this is refused before it runs, having written nothing, with words that say what a real
 * server would do, rather than run on past the limit until the page's watchdog ends the worker.
 * Measured as CPU time with node on the 2-core development machine under load (about 13), the
 * costliest commands took about 1 µs an element (ZUNIONSTORE, which builds a sorted set of its
 * result: 2,400,000 elements' work in 2 s), so a command under this cap ends within about half
 * of {@link LINE_TIME_LIMIT_MS}; a union of sets, about 30 ns an element, may read two and a
 * half million members, far past anything a lesson does.
 */
export const LINE_COMMAND_WORK = 2_500_000;
