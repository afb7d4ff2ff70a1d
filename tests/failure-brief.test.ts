import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { errorLines } from '../scripts/reporters/brief.mjs';
import { runSuites } from '../scripts/suites.mjs';

const root = resolve(__dirname, '..');
// inside the project, so the runners it starts find their packages in its node_modules
const cacheDir = resolve(root, 'node_modules/.cache');
mkdirSync(cacheDir, { recursive: true });
const tmp = mkdtempSync(resolve(cacheDir, 'brief-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs a test runner in `dir` as the test command does, and answers its brief (or null). */
function runIn(dir: string, cmd: string[], brief: string): string | null {
  const res = spawnSync('npx', cmd, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, CI: '1' },
  });
  expect(res.status, res.stdout + res.stderr).not.toBe(0);
  try {
    return readFileSync(resolve(dir, brief), 'utf8');
  } catch {
    return null;
  }
}

/**
 * Runs Playwright in a new folder `name` with the brief reporter, the config's other lines and
 * one spec, and answers the brief it wrote.
 */
function playwrightBrief(name: string, config: { head?: string; use?: string }, spec: string[]) {
  const dir = resolve(tmp, name);
  mkdirSync(dir);
  const reporter = JSON.stringify(resolve(root, 'scripts/reporters/playwright-brief.mjs'));
  writeFileSync(
    resolve(dir, 'pw.config.mjs'),
    `${config.head ?? ''}\nexport default { testDir: '.', ${config.use ?? ''} reporter: [['line'], [${reporter}]] };\n`,
  );
  writeFileSync(resolve(dir, 'a.spec.mjs'), [...spec, ''].join('\n'));
  const brief = runIn(
    dir,
    ['playwright', 'test', '--config', 'pw.config.mjs'],
    '.check/playwright.txt',
  );
  expect(brief).not.toBeNull();
  return brief!;
}

describe('a failed suite says why at the end of the run (CI shows only its last lines)', () => {
  it('the browser suite’s brief names the failed test, the assertion’s line and its message', () => {
    const brief = playwrightBrief('pw', {}, [
      "import { expect, test } from '@playwright/test';",
      "test('passes', () => expect(1).toBe(1));",
      "test.describe('a group', () => {",
      "  test('fails here', () => {",
      "    expect('seen', 'what the learner saw').toBe('wanted');",
      '  });',
      '});',
    ]);
    const lines = brief.split('\n');
    expect(lines[0]).toBe('1 failed');
    expect(lines[1]).toBe('x a.spec.mjs:4 › a group › fails here');
    expect(lines[2]).toBe('  failed at a.spec.mjs:5');
    expect(brief).toContain('what the learner saw');
    expect(brief).toMatch(/Expected: "wanted"/);
    expect(brief).not.toContain('\u001b');
  });

  it('a browser test’s brief says what its page said as it failed: its errors and its alerts', () => {
    const chromium = JSON.stringify(resolve(root, 'scripts/chromium.mjs'));
    const fixture = JSON.stringify(resolve(root, 'e2e/fixtures/page-problems.ts'));
    // the suite's own fixture, whose page fails a locator's wait after an error and an alert
    const brief = playwrightBrief(
      'pw-page',
      {
        head: `import { CHROMIUM_ARGS, SUITE_CHROMIUM_PATH } from ${chromium};`,
        use: 'use: { launchOptions: { executablePath: SUITE_CHROMIUM_PATH, args: CHROMIUM_ARGS } },',
      },
      [
        `import { expect, test } from ${fixture};`,
        "test('waits for a reply that never shows', async ({ page }) => {",
        '  await page.setContent(\'<p role="alert">Could not  load\\nthe simulator</p><p role="alert" hidden>unseen</p>\');',
        "  await page.evaluate(() => setTimeout(() => { throw new Error('the island broke'); }));",
        "  await expect(page.getByTestId('reply')).toBeVisible({ timeout: 1_000 });",
        '});',
      ],
    );
    // the locator's wait says it found nothing (the line four kept lines used to cut)...
    expect(brief).toMatch(/element\(s\) not found/);
    // ...and the page's lines say why: its uncaught error, its visible alert on one line
    expect(brief).toContain('  page: pageerror: the island broke');
    expect(brief).toContain('  page: alert: Could not load the simulator');
    expect(brief).not.toContain('unseen');
  });

  it('a long line keeps its start and its end, where a received log says what came last', () => {
    const log = `Received string:  "Connected${' and more'.repeat(40)} (error) NOTBUSY No scripts in execution right now."`;
    const [line] = errorLines(log);
    expect(line!.length).toBeLessThanOrEqual(160);
    expect(line).toMatch(/^Received string: {2}"Connected/);
    expect(line).toMatch(/\(error\) NOTBUSY No scripts in execution right now\."$/);
  });

  it('vitest’s brief names the failed test, the assertion’s line and its message', () => {
    const dir = resolve(tmp, 'vt');
    mkdirSync(dir);
    const reporter = resolve(root, 'scripts/reporters/vitest-brief.mjs');
    writeFileSync(resolve(dir, 'vitest.config.mjs'), 'export default {};\n');
    writeFileSync(
      resolve(dir, 'a.test.mjs'),
      [
        "import { expect, it } from 'vitest';",
        "it('adds', () => expect(1 + 1).toBe(3));",
        "it('passes', () => expect(1).toBe(1));",
        '',
      ].join('\n'),
    );
    const args = ['vitest', 'run', '--reporter=default', `--reporter=${reporter}`];
    const brief = runIn(dir, args, '.check/vitest.txt');
    expect(brief).not.toBeNull();
    expect(brief!.split('\n').slice(0, 3)).toEqual([
      '1 failed',
      'x a.test.mjs › adds',
      '  failed at a.test.mjs:2',
    ]);
    expect(brief).toContain('expected 2 to be 3');
  });

  it('the runner prints each failed suite’s brief after the summary, and no earlier run’s', async () => {
    const stale = resolve(tmp, 'stale.txt');
    writeFileSync(stale, '1 failed\nx old.spec.ts:1 › an earlier run\n');
    const fresh = resolve(tmp, 'fresh.txt');
    const writesAndFails = `require('fs').writeFileSync(${JSON.stringify(fresh)}, '1 failed\\nx new.spec.ts:9 › this run\\n'); process.exit(1)`;
    const lines: string[] = [];
    const { ok } = await runSuites(
      [
        { name: 'fails', cmd: 'node', args: ['-e', writesAndFails], brief: fresh },
        // failed too, but its brief is older than its start: an earlier run's
        { name: 'stale', cmd: 'node', args: ['-e', 'process.exit(2)'], brief: stale },
        { name: 'passes', cmd: 'node', args: ['-e', '0'], brief: fresh },
      ],
      { log: (l) => lines.push(l), stdio: 'ignore' },
    );
    expect(ok).toBe(false);
    const text = lines.join('\n');
    expect(text).toContain(`=== why fails failed (${fresh})\n1 failed\nx new.spec.ts:9 › this run`);
    expect(text.indexOf('=== why')).toBeGreaterThan(text.indexOf('=== summary'));
    expect(text).not.toContain('an earlier run');
    expect(text).not.toContain('=== why passes');
  });
});
