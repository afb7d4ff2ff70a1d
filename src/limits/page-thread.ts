/**
 * What the page lets the simulator do on its own thread, where it runs the server when no
 * worker does (the worker's file failed to load or was refused, a custom element without
 * `off-thread`): nothing can interrupt a command there, and the page answers the learner only
 * once it ends. The console and the stepper share these, since both freeze the same page.
 * A leaf: the console's and the stepper's page paths read it, and it reads nothing.
 */

/**
 * How long one run made on the page's thread may take: a console line (its repeats together)
 * or a learner's script in the stepper, ended after this with the simulator's stop, whose words
 * say so. One limit for both, since both hold the same page and the learner waits alike; short,
 * since the page cannot answer meanwhile (a worker's runs have 5 s, and Stop). The step budget
 * ends most scripts well before it.
 */
export const PAGE_TIME_LIMIT_MS = 1_000;

/**
 * The most work one command may do on the page's thread, in the elements commands count their
 * work in (the simulator's `commandWorkCap`): a union of sets of a million members in all, an
 * LCS table of four million cells. A command that would do more is not run, and says so, so
 * the page never holds for a command it could not stop; a real server, and the simulator in its
 * worker, would run it. Measured on a loaded 2-core machine, a million elements of SUNIONSTORE
 * took about a second; a quiet machine takes a fraction of that.
 */
export const PAGE_COMMAND_WORK = 1_000_000;
