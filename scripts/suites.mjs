// Runs a list of suites to the end, whatever an earlier one did, and reports every outcome.
// A chain of `&&` stopped at the first failure, so one flaky unit test hid the browser suite.
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';

/**
 * @typedef {{ name: string, cmd: string, args: string[], needs?: string[], after?: string[], live?: boolean, brief?: string }} Suite
 * `needs`: suites that must have passed first (else this one is reported as not run);
 * `after`: suites that must have ended first, whatever their outcome (a suite that reads what
 * they make or install);
 * `live`: the suite's output is shown as it comes, a whole line at a time (a long suite, whose
 * progress a reader wants to see), unless another suite's output is showing live then;
 * `brief`: a file the suite writes when tests fail, saying which and why in a few lines
 * (scripts/reporters/brief.mjs), printed after the summary.
 */

/** The most lines of a brief printed after the summary (CI shows a run's last lines only). */
const BRIEF_LINES = 16;

/**
 * A failed suite's brief, if it wrote one during this run (a file older than the suite's start
 * is an earlier run's, and says nothing of this one).
 * @param {string} file
 * @param {number} began
 */
function briefSince(file, began) {
  try {
    if (statSync(file).mtimeMs < began) return null;
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    return lines.length > BRIEF_LINES
      ? [
          ...lines.slice(0, BRIEF_LINES - 1),
          `(${lines.length - BRIEF_LINES + 1} more lines in ${file})`,
        ]
      : lines;
  } catch {
    return null;
  }
}

const outcomeOf = (code, signal) => (code === 0 ? 'passed' : `failed (exit ${code ?? signal})`);

/**
 * Runs one command. With `show`, each whole line of its output is handed to `show` as it comes
 * (each stream keeps its own unfinished line, so stdout and stderr never split one another's
 * lines); else its output is collected. Answers its outcome and the collected output.
 * @param {Suite} suite
 * @param {{ quiet: boolean, show: ((line: string) => void) | null }} how
 */
function runOne(suite, { quiet, show }) {
  return new Promise((done) => {
    // a piped child sees no terminal: where this run has one, the runners may still colour
    const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;
    const child = spawn(suite.cmd, suite.args, { stdio: quiet ? 'ignore' : 'pipe', env });
    const chunks = [];
    const flushes = [];
    for (const stream of quiet ? [] : [child.stdout, child.stderr]) {
      if (!show) {
        // stdout and stderr in the one order they came in, as a terminal would show them
        stream.on('data', (c) => chunks.push(c));
        continue;
      }
      stream.setEncoding('utf8');
      let rest = '';
      stream.on('data', (text) => {
        const lines = (rest + text).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) show(line);
      });
      flushes.push(() => rest && show(rest));
    }
    child.on('error', (err) => done({ outcome: `failed (${err.message})`, output: '' }));
    child.on('close', (code, signal) => {
      for (const flush of flushes) flush();
      done({ outcome: outcomeOf(code, signal), output: Buffer.concat(chunks).toString() });
    });
  });
}

/**
 * Runs the suites, up to `concurrency` at once, starting them in their order: each waits for
 * the suites it `needs` or comes `after` (which must be listed before it, else it rejects before
 * running any), then for a free slot. A suite whose `needs` did not all pass is reported as not
 * run. One suite at a time shows its output live (a `live` one, or any with `concurrency` 1);
 * every other suite's output is printed whole, under its own header, when it ends, so no two
 * suites' lines ever mix. Prints one summary line per suite, with its wall time, and answers
 * the outcomes and whether all passed.
 * @param {Suite[]} suites
 * @param {{ concurrency?: number, log?: (text: string) => void, stdio?: 'inherit' | 'ignore' }} [options]
 *   `stdio: 'ignore'` prints no suite's output (the runner's own tests).
 * @returns {Promise<{ results: Map<string, string>, ok: boolean }>}
 */
export async function runSuites(
  suites,
  { concurrency = 1, log = (text) => console.log(text), stdio = 'inherit' } = {},
) {
  const results = new Map();
  const seconds = new Map();
  const begun = new Map();
  const settled = new Map(); // name -> promise of its outcome
  const running = new Set();
  let showing = false; // whether a suite's output shows live now
  const quiet = stdio !== 'inherit';

  const start = (suite) => {
    const header = `\n=== ${suite.name}: ${[suite.cmd, ...suite.args].join(' ')}`;
    const live = !quiet && !showing && (suite.live || concurrency === 1);
    if (live) {
      showing = true;
      log(header);
    }
    const began = Date.now();
    begun.set(suite.name, began);
    const p = runOne(suite, { quiet, show: live ? log : null }).then(({ outcome, output }) => {
      seconds.set(suite.name, Math.round((Date.now() - began) / 1000));
      if (live) showing = false;
      else if (!quiet) {
        log(header);
        if (output) log(output.replace(/\n$/, ''));
      }
      results.set(suite.name, outcome);
      running.delete(p);
      return outcome;
    });
    running.add(p);
    return p;
  };

  // a suite waits only for suites listed before it: a name that is not one would never be waited
  // for, and a need on it would read as failed
  suites.forEach((suite, i) => {
    const before = new Set(suites.slice(0, i).map(({ name }) => name));
    const unknown = [...(suite.needs ?? []), ...(suite.after ?? [])].find((n) => !before.has(n));
    if (unknown) throw new Error(`${suite.name} waits for ${unknown}, not a suite before it`);
  });

  for (const suite of suites) {
    const needs = suite.needs ?? [];
    for (const name of [...needs, ...(suite.after ?? [])]) await settled.get(name);
    const failed = needs.find((name) => results.get(name) !== 'passed');
    if (failed) {
      results.set(suite.name, `not run: ${failed} failed`);
      settled.set(suite.name, Promise.resolve('not run'));
      continue;
    }
    while (running.size >= concurrency) await Promise.race(running);
    settled.set(suite.name, start(suite));
  }
  await Promise.all(running);

  log('\n=== summary');
  for (const { name } of suites) {
    const outcome = results.get(name);
    const time = seconds.has(name) ? ` (${seconds.get(name)} s)` : '';
    log(`${outcome === 'passed' ? 'ok  ' : 'FAIL'} ${name}: ${outcome}${time}`);
  }
  // why each failed suite failed, last: what a reader of the run's end sees first
  for (const { name, brief } of suites) {
    const outcome = results.get(name) ?? '';
    if (!brief || !outcome.startsWith('failed')) continue;
    const lines = briefSince(brief, begun.get(name) ?? Date.now());
    if (lines) log(`\n=== why ${name} failed (${brief})\n${lines.join('\n')}`);
  }
  const ordered = new Map(suites.map(({ name }) => [name, results.get(name)]));
  return { results: ordered, ok: [...ordered.values()].every((o) => o === 'passed') };
}
