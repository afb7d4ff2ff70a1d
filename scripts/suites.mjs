// Runs a list of suites to the end, whatever an earlier one did, and reports every outcome.
// A chain of `&&` stopped at the first failure, so one flaky unit test hid the browser suite.
import { spawnSync } from 'node:child_process';

/**
 * Runs each suite in order (a suite whose `needs` did not pass is reported as not run), prints
 * one summary line per suite, and answers the outcomes and whether all passed.
 * @param {{ name: string, cmd: string, args: string[], needs?: string }[]} suites
 * @param {{ log?: (line: string) => void, stdio?: 'inherit' | 'ignore' }} [options]
 */
export function runSuites(suites, { log = console.log, stdio = 'inherit' } = {}) {
  const results = new Map();
  for (const suite of suites) {
    if (suite.needs && results.get(suite.needs) !== 'passed') {
      results.set(suite.name, `not run: ${suite.needs} failed`);
      continue;
    }
    log(`\n=== ${suite.name}: ${[suite.cmd, ...suite.args].join(' ')}`);
    const r = spawnSync(suite.cmd, suite.args, { stdio });
    results.set(suite.name, r.status === 0 ? 'passed' : `failed (exit ${r.status ?? r.signal})`);
  }
  log('\n=== summary');
  for (const [name, outcome] of results)
    log(`${outcome === 'passed' ? 'ok  ' : 'FAIL'} ${name}: ${outcome}`);
  return { results, ok: [...results.values()].every((o) => o === 'passed') };
}
