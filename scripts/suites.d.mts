/** One suite of a test run. */
export interface Suite {
  name: string;
  cmd: string;
  args: string[];
  /** suites that must pass before this one can run (else it is reported as not run) */
  needs?: string[];
  /** suites that must have ended, whatever their outcome, before this one starts */
  after?: string[];
  /** its output shows as it comes, a whole line at a time, unless another suite's is showing */
  live?: boolean;
  /** a file the suite writes when tests fail (which, and why, in a few lines), printed after the summary */
  brief?: string;
}
/**
 * Runs every suite, up to `concurrency` at once (one suite's output live, each other's printed
 * whole when it ends), and reports each outcome in the suites' order; `ok` is whether all passed.
 */
export function runSuites(
  suites: Suite[],
  options?: {
    concurrency?: number;
    log?: (line: string) => void;
    stdio?: 'inherit' | 'ignore';
  },
): Promise<{ results: Map<string, string>; ok: boolean }>;
