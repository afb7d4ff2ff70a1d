// Runs a list of suites to the end, whatever an earlier one did, and reports every outcome.
// A chain of `&&` stopped at the first failure, so one flaky unit test hid the browser suite.
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';

/**
 * @typedef {{ name: string, cmd: string, args: string[], needs?: string, alone?: boolean, brief?: string }} Suite
 * `needs`: the suite that must have passed first (else this one is reported as not run);
 * `alone`: the suite runs by itself with its output live (a suite that uses every core);
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

/** Runs one command, its output live or collected; answers its outcome and the output. */
function runOne(suite, live) {
  return new Promise((done) => {
    const child = spawn(suite.cmd, suite.args, { stdio: live ? 'inherit' : 'pipe' });
    const chunks = [];
    if (!live) {
      // stdout and stderr in the one order they came in, as a terminal would show them
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
    }
    child.on('error', (err) => done({ outcome: `failed (${err.message})`, output: '' }));
    child.on('close', (code, signal) =>
      done({ outcome: outcomeOf(code, signal), output: Buffer.concat(chunks).toString() }),
    );
  });
}

/**
 * Runs the suites, up to `concurrency` at once, and starts them in their order. A suite that
 * is not `alone` has its output collected and printed whole, under its own header, when it
 * ends, so two suites' lines never mix; an `alone` suite waits until nothing else runs and
 * keeps every later suite waiting until it ends. A suite whose `needs` did not pass is reported
 * as not run. Prints one summary line per suite, with its wall time, and answers the outcomes
 * and whether all passed.
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
  let aloneRunning = null;

  const start = (suite) => {
    const live = stdio === 'inherit' && (suite.alone || concurrency === 1);
    if (live) log(`\n=== ${suite.name}: ${[suite.cmd, ...suite.args].join(' ')}`);
    const began = Date.now();
    begun.set(suite.name, began);
    const p = runOne(suite, live).then(({ outcome, output }) => {
      seconds.set(suite.name, Math.round((Date.now() - began) / 1000));
      if (!live && stdio === 'inherit') {
        log(`\n=== ${suite.name}: ${[suite.cmd, ...suite.args].join(' ')}`);
        if (output) log(output.replace(/\n$/, ''));
      }
      results.set(suite.name, outcome);
      running.delete(p);
      return outcome;
    });
    running.add(p);
    return p;
  };

  for (const suite of suites) {
    if (suite.needs) {
      const need = await settled.get(suite.needs);
      if (need !== 'passed') {
        results.set(suite.name, `not run: ${suite.needs} failed`);
        settled.set(suite.name, Promise.resolve('not run'));
        continue;
      }
    }
    // wait for a free slot, for the whole machine if this suite wants it, and for an alone one
    while (aloneRunning || running.size >= concurrency || (suite.alone && running.size > 0))
      await Promise.race(aloneRunning ? [aloneRunning] : running);
    const p = start(suite);
    settled.set(suite.name, p);
    if (suite.alone) aloneRunning = p.then(() => (aloneRunning = null));
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
