/**
 * What the page lets the simulator do on its own thread, where it runs the server when no
 * worker does (the worker's file failed to load or was refused, a custom element without
 * `off-thread`): nothing can interrupt a command there, and the page answers the learner only
 * once it ends. The console and the stepper share these, since both freeze the same page.
 * A leaf: the console's and the stepper's page paths read it, and it reads nothing.
 */

/**
 * The most work one command may do on the page's thread, in the elements commands count their
 * work in (the simulator's `commandWorkCap`): a union of sets of a million members in all, an
 * LCS table of four million cells. A command that would do more is not run, and says so, so
 * the page never holds for a command it could not stop; a real server, and the simulator in its
 * worker, would run it. Measured on a loaded 2-core machine, a million elements of SUNIONSTORE
 * took about a second; a quiet machine takes a fraction of that.
 */
export const PAGE_COMMAND_WORK = 1_000_000;
