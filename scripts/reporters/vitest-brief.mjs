// Vitest's brief reporter: the failed tests of the run, for the summary's end (brief.mjs).
import { relative } from 'node:path';
import { BRIEF_DIR, ownFrame, writeBrief } from './brief.mjs';

/** Vitest's brief, from the project's root. */
export const VITEST_BRIEF = `${BRIEF_DIR}/vitest.txt`;

export default class VitestBrief {
  onInit() {
    writeBrief(VITEST_BRIEF, []);
  }

  /**
   * @param {ReadonlyArray<import('vitest/node').TestModule>} modules
   * @param {ReadonlyArray<{ message?: string }>} unhandled
   */
  onTestRunEnd(modules, unhandled) {
    /** @type {import('./brief.mjs').Failure[]} */
    const failures = [];
    for (const mod of modules) {
      const file = relative(process.cwd(), mod.moduleId);
      for (const error of mod.errors())
        failures.push({ where: file, title: '(the file failed to run)', message: error.message });
      for (const test of mod.children.allTests()) {
        const result = test.result();
        if (result.state !== 'failed') continue;
        const error = result.errors?.[0];
        failures.push({
          where: test.location ? `${file}:${test.location.line}` : file,
          title: test.fullName,
          message: error?.message ?? 'failed (no error reported)',
          at: ownFrame(error?.stack),
        });
      }
    }
    for (const error of unhandled)
      failures.push({
        where: '(unhandled)',
        title: 'an error outside any test',
        message: error.message ?? String(error),
      });
    writeBrief(VITEST_BRIEF, failures);
  }
}
