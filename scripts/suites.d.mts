/** One suite of a test run. */
export interface Suite {
  name: string;
  cmd: string;
  args: string[];
  /** a suite that must pass before this one can run */
  needs?: string;
  /** the suite runs by itself, its output live (it uses every core) */
  alone?: boolean;
  /** a file the suite writes when tests fail (which, and why, in a few lines), printed after the summary */
  brief?: string;
}
/**
 * Runs every suite, up to `concurrency` at once (each one's output printed whole when it ends),
 * and reports each outcome in the suites' order; `ok` is whether all passed.
 */
export function runSuites(
  suites: Suite[],
  options?: {
    concurrency?: number;
    log?: (line: string) => void;
    stdio?: 'inherit' | 'ignore';
  },
): Promise<{ results: Map<string, string>; ok: boolean }>;
