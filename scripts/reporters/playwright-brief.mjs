// Playwright's brief reporter: the failed tests of the run, for the summary's end (brief.mjs).
import { relative } from 'node:path';
import { BRIEF_DIR, ownFrame, writeBrief } from './brief.mjs';

/** The annotation a failed test's fixture adds for each thing its page said (an error, an alert). */
export const PAGE_SAID = 'page said';

/** The browser suite's brief, from the project's root. */
export const PLAYWRIGHT_BRIEF = `${BRIEF_DIR}/playwright.txt`;

export default class PlaywrightBrief {
  /** @type {import('./brief.mjs').Failure[]} */
  failures = [];

  printsToStdio() {
    return false;
  }

  onBegin() {
    // a brief from an earlier run must not speak for this one
    writeBrief(PLAYWRIGHT_BRIEF, []);
  }

  /**
   * @param {import('@playwright/test/reporter').TestCase} test
   * @param {import('@playwright/test/reporter').TestResult} result
   */
  onTestEnd(test, result) {
    if (result.status === 'passed' || result.status === 'skipped') return;
    if (result.status === test.expectedStatus) return;
    const error = result.errors[0];
    this.failures.push({
      where: `${relative(process.cwd(), test.location.file)}:${test.location.line}`,
      title: test.titlePath().slice(3).join(' › '),
      message: error?.message ?? `${result.status} (no error reported)`,
      at: ownFrame(error?.stack),
      // what the page said as the test failed (e2e/fixtures/page-problems.ts notes it)
      page: result.annotations.filter((a) => a.type === PAGE_SAID).map((a) => a.description ?? ''),
    });
  }

  onEnd() {
    writeBrief(PLAYWRIGHT_BRIEF, this.failures);
  }
}
