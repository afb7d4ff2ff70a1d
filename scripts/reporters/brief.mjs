// A failed suite's "why", short enough to be read at the end of a long run.
//
// CI shows only the last lines of a run's output, and a browser test's error is printed where it
// happened, hundreds of lines before the summary. So each test runner's brief reporter writes the
// first failures here (where each failed, and the first lines of its error), and the runner of
// the suites prints the brief of each failed suite after its summary (scripts/suites.mjs).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, sep } from 'node:path';

/** Where a suite's brief is written, from the project's root. */
export const BRIEF_DIR = '.check';

/** The failures a brief tells of, and the lines of each one's error it keeps. */
const MOST_FAILURES = 3;
// Playwright's locator errors need six: the matcher, the locator, what was expected, what was
// received (or "element(s) not found"), the timeout; four cut the line that says which
const ERROR_LINES = 6;
/** the lines of what the page said (its errors, its alerts) a failure keeps */
const PAGE_LINES = 4;

// eslint-disable-next-line no-control-regex -- the terminal's colour codes are what it strips
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * The first lines of an error's message that say something (no blank lines, no colour codes,
 * no diff markers alone), each cut at 160 characters.
 * @param {string} message
 * @returns {string[]}
 */
export function errorLines(message) {
  return message
    .replace(ANSI, '')
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '' && !/^\s*(Call log:|- waiting for|at )/.test(l))
    .slice(0, ERROR_LINES)
    .map(cut);
}

/**
 * A line cut to 160 characters: its start and its end, since a long line is most often what a
 * locator received (a console's whole log), whose news is at its end.
 * @param {string} l
 */
const cut = (l) => (l.length > 160 ? `${l.slice(0, 60)} … ${l.slice(-97)}` : l);

/**
 * The first place in a stack that is the project's own (under the working directory, not in
 * node_modules), as `file:line` from there: the line of the assertion that failed.
 * @param {string | undefined} stack
 * @returns {string | undefined}
 */
export function ownFrame(stack) {
  for (const m of (stack ?? '')
    .replace(ANSI, '')
    .matchAll(/at (?:.*? \()?(?:file:\/\/)?([^\s()]+):(\d+):\d+\)?$/gm)) {
    if (!isAbsolute(m[1])) continue;
    const file = relative(process.cwd(), m[1]);
    if (file.startsWith('..') || file.split(sep).includes('node_modules')) continue;
    return `${file}:${m[2]}`;
  }
  return undefined;
}

/**
 * @typedef {{ where: string, title: string, message: string, at?: string, page?: string[] }} Failure
 * `where`: the test's file and line; `at`: the line of the assertion that failed, if known;
 * `page`: what the page said when the test failed (its uncaught errors, its alerts), if anything:
 * a browser test's timeout names the locator it waited for, not why the page never showed it.
 */

/**
 * The brief's text: how many failed, then for each of the first few, where and why.
 * @param {Failure[]} failures
 * @returns {string}
 */
export function briefOf(failures) {
  const out = [`${failures.length} failed`];
  for (const f of failures.slice(0, MOST_FAILURES)) {
    out.push(`x ${f.where} › ${f.title}`);
    if (f.at) out.push(`  failed at ${f.at}`);
    for (const l of errorLines(f.message)) out.push(`  ${l}`);
    for (const l of (f.page ?? []).slice(0, PAGE_LINES)) out.push(`  page: ${cut(l)}`);
  }
  if (failures.length > MOST_FAILURES) out.push(`(and ${failures.length - MOST_FAILURES} more)`);
  return `${out.join('\n')}\n`;
}

/**
 * Writes a brief (none when nothing failed: an old one is removed, so it never speaks of an
 * earlier run).
 * @param {string} file
 * @param {Failure[]} failures
 */
export function writeBrief(file, failures) {
  rmSync(file, { force: true });
  if (failures.length === 0) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, briefOf(failures));
}
