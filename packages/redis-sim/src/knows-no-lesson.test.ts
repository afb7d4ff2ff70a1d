import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * The simulator is a Redis 7.0 server for any page: its code, tests and comments name no lesson,
 * learner or queue that happens to use it. The dependency rules keep its imports clean; this
 * keeps its words clean, where no import would show a lesson's idea creeping in. Its README may
 * name the package that loads into it as a module: it is the example a reader follows.
 */
const PACKAGE = resolve(import.meta.dirname, '..');

/** Words of the lesson and the queue it teaches (whole words: "release" and "please" are fine). */
const LESSON = /\b(echomq|emq|lesson|learners?|leases?|extend_locks?\d?|bullmq)\b/i;

/** The package's files in git (tracked or new), but its README, its recorded fixtures and this test. */
function packageFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '.'], {
    cwd: PACKAGE,
    encoding: 'utf8',
  });
  const skipped = ['README.md', 'src/knows-no-lesson.test.ts'];
  return out.split('\n').filter((f) => f && !skipped.includes(f) && !f.startsWith('fixtures/'));
}

describe('the simulator knows nothing of the lesson', () => {
  test('no file of its own names the lesson, its learners, leases or queue', () => {
    const LESSON_NAME = '@batch-lease/'; // the packages' scope, not a word of the simulator's
    const found = packageFiles().flatMap((file) =>
      readFileSync(join(PACKAGE, file), 'utf8')
        .split('\n')
        .map((line, i) => ({ at: `${file}:${i + 1}`, line: line.replaceAll(LESSON_NAME, '') }))
        .filter(({ line }) => LESSON.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(found.join('\n')).toBe('');
  });
});
