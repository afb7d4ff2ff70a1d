/** One suite of a test run. */
export interface Suite {
  name: string;
  cmd: string;
  args: string[];
  /** a suite that must pass before this one can run */
  needs?: string;
}
/** Runs every suite and reports each outcome; `ok` is whether all passed. */
export function runSuites(
  suites: Suite[],
  options?: { log?: (line: string) => void; stdio?: 'inherit' | 'ignore' },
): { results: Map<string, string>; ok: boolean };
