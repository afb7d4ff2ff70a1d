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
 * work in (the simulator's `commandWorkCap`): a union of sets of 100,000 members in all, an LCS
 * table of 400,000 cells. A command that would do more is not run, and says so, so the page
 * never holds for a command it could not stop; a real server, and the simulator in its worker,
 * would run it. What an element costs differs by command: measured as CPU time with node on the
 * 2-core development machine under load (about 13), a union of sets took about 30 ns an
 * element, HSCAN's listing of a big hash about 350 ns, and ZUNIONSTORE of one sorted set about
 * 1 µs (it builds a sorted set of the result). At the worst of them this cap is about 100 ms,
 * well under the 200 ms a task may hold the page. Under the earlier cap, 1,000,000, ZUNIONSTORE
 * of a 100,000-member set named 8 times (900,000 elements' work) took 1.1 s.
 */
export const PAGE_COMMAND_WORK = 100_000;
