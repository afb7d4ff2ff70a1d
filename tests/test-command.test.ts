import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSuites } from '../scripts/suites.mjs';
import { TEST_SUITES } from '../scripts/test-suites.mjs';

const root = resolve(__dirname, '..');
interface PackageJson {
  scripts: Record<string, string>;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
const readPackage = (dir: string) =>
  JSON.parse(readFileSync(resolve(root, dir, 'package.json'), 'utf8')) as PackageJson;
const pkg = readPackage('.');

describe('the test command runs every suite', () => {
  it('runs the suites after a failing one and still fails the run', async () => {
    const lines: string[] = [];
    const { results, ok } = await runSuites(
      [
        { name: 'first', cmd: 'node', args: ['-e', 'process.exit(3)'] },
        { name: 'second', cmd: 'node', args: ['-e', 'process.exit(0)'] },
        { name: 'after-first', cmd: 'node', args: ['-e', '0'], needs: ['second', 'first'] },
        // comes after the failed one, whatever its outcome: it runs
        { name: 'ended-first', cmd: 'node', args: ['-e', '0'], after: ['first'] },
      ],
      { log: (l) => lines.push(l), stdio: 'ignore' },
    );
    expect(ok).toBe(false);
    expect([...results]).toEqual([
      ['first', 'failed (exit 3)'],
      ['second', 'passed'],
      ['after-first', 'not run: first failed'],
      ['ended-first', 'passed'],
    ]);
    expect(lines.join('\n')).toContain('FAIL first');
  });

  it('refuses a suite that waits for one not listed before it, and runs nothing', async () => {
    const lines: string[] = [];
    const run = (after: string) =>
      runSuites(
        [
          { name: 'build', cmd: 'node', args: ['-e', 'process.exit(0)'] },
          { name: 'tests', cmd: 'node', args: ['-e', 'process.exit(0)'], needs: [after] },
          { name: 'later', cmd: 'node', args: ['-e', 'process.exit(0)'] },
        ],
        { log: (l) => lines.push(l), stdio: 'ignore' },
      );
    await expect(run('biuld')).rejects.toThrow('tests waits for biuld, not a suite before it');
    await expect(run('later')).rejects.toThrow('tests waits for later, not a suite before it');
    expect(lines).toEqual([]);
  });

  it('two at a time, prints each suite whole under its own header, in the order they end', async () => {
    // each prints a line, waits, prints another: run side by side, their lines would mix
    const twoLines = (tag: string) => [
      '-e',
      `console.log('${tag} one'); setTimeout(() => { console.error('${tag} two'); process.exit(${tag === 'b' ? 1 : 0}) }, 300)`,
    ];
    const lines: string[] = [];
    const { results, ok } = await runSuites(
      [
        { name: 'a', cmd: 'node', args: twoLines('a') },
        { name: 'b', cmd: 'node', args: twoLines('b') },
        { name: 'c', cmd: 'node', args: twoLines('c'), after: ['a', 'b'] },
        { name: 'd', cmd: 'node', args: twoLines('d'), needs: ['b'] },
      ],
      { log: (l) => lines.push(l), concurrency: 2 },
    );
    expect(ok).toBe(false);
    expect([...results]).toEqual([
      ['a', 'passed'],
      ['b', 'failed (exit 1)'],
      ['c', 'passed'],
      ['d', 'not run: b failed'],
    ]);
    const text = lines.join('\n');
    for (const tag of ['a', 'b', 'c'])
      expect(text).toContain(`=== ${tag}: node -e ${twoLines(tag)[1]}\n${tag} one\n${tag} two`);
    // a suite that comes after others starts when they have ended
    expect(text.indexOf('=== c:')).toBeGreaterThan(
      Math.max(text.indexOf('a two'), text.indexOf('b two')),
    );
    expect(text).toMatch(/FAIL b: failed \(exit 1\) \(\d+ s\)/);
    expect(text).toContain('FAIL d: not run: b failed');
  });

  it('shows a live suite as it runs, a whole line at a time, while the others print whole when they end', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'live-'));
    const shown = join(dir, 'shown'); // made when the live suite's first line has been shown
    const ended = join(dir, 'ended'); // made by the other suite as it ends
    // waits (at most 20 s) for a file, then prints and exits
    const waitFor = (file: string, then: string) =>
      `const t = Date.now(); const w = () => require('fs').existsSync(${JSON.stringify(file)}) ? (${then}) : Date.now() - t > 20000 ? process.exit(9) : setTimeout(w, 20); w();`;
    const lines: string[] = [];
    const { ok } = await runSuites(
      [
        {
          name: 'live',
          cmd: 'node',
          // half a line, then its end, then a line on stderr: shown whole, never in pieces
          args: [
            '-e',
            `process.stdout.write('live one, '); setTimeout(() => { console.log('in two writes'); ${waitFor(ended, "console.error('live two')")} }, 50)`,
          ],
          live: true,
        },
        {
          name: 'other',
          cmd: 'node',
          args: [
            '-e',
            `console.log('other one'); ${waitFor(shown, `require('fs').writeFileSync(${JSON.stringify(ended)}, ''), console.log('other two')`)}`,
          ],
        },
      ],
      {
        log: (l) => {
          lines.push(l);
          if (l === 'live one, in two writes') writeFileSync(shown, '');
        },
        concurrency: 2,
      },
    );
    rmSync(dir, { recursive: true, force: true });
    expect(ok).toBe(true);
    // the live suite's header, then its first line, before the other suite ended: shown as it came
    const at = (line: string) => lines.indexOf(line);
    expect(lines[0]).toMatch(/^\n=== live: node -e /);
    expect(at('live one, in two writes')).toBeGreaterThan(0);
    expect(at('live one, in two writes')).toBeLessThan(
      lines.findIndex((l) => l.startsWith('\n=== other:')),
    );
    expect(at('live two')).toBeGreaterThan(at('live one, in two writes'));
    // the other's output whole, under its header
    expect(lines.join('\n')).toContain('\n=== other: node -e ');
    expect(lines.join('\n')).toMatch(/=== other: node -e [^\n]*\nother one\nother two/);
  });

  it('is no && chain: npm test and npm run check go through the runner', () => {
    expect(pkg.scripts.test).toBe('node scripts/run-tests.mjs');
    expect(pkg.scripts.check).toBe('node scripts/run-check.mjs');
    expect(TEST_SUITES.map((s) => [s.cmd, ...s.args.slice(0, 2)])).toEqual([
      ['bash', 'scripts/ensure-system.sh'],
      ['npx', 'vite', 'build'],
      ['node', 'scripts/run-e2e.mjs'],
      ['npx', 'vitest', 'run'],
    ]);
    // the browser suite waits for the build and the system's chromium; vitest comes after both
    const byName = Object.fromEntries(TEST_SUITES.map((s) => [s.name, s]));
    expect(byName.playwright?.needs).toEqual(['system programs', 'build']);
    expect(byName.vitest?.after).toEqual(['system programs', 'build']);
    for (const file of ['scripts/run-tests.mjs', 'scripts/run-check.mjs'])
      expect(readFileSync(resolve(root, file), 'utf8')).toContain('TEST_SUITES');
    const check = readFileSync(resolve(root, 'scripts/run-check.mjs'), 'utf8');
    for (const step of ["'typecheck'", "'lint'", "'deps'", "'format:check'"])
      expect(check).toContain(step);
  });

  it('CI runs npm ci, then the check command', () => {
    const ci = readFileSync(resolve(root, '.ci/run'), 'utf8');
    const lines = ci.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
    expect(lines.slice(-2)).toEqual(['npm ci', 'npm run check']);
  });

  it("lighthouse is the bench's alone: the root's npm ci leaves it out, the bench installs it", () => {
    const rootLock = JSON.parse(readFileSync(resolve(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, unknown>;
    };
    expect(pkg.workspaces).not.toContain('bench');
    expect(Object.keys(rootLock.packages).filter((p) => /(^|\/)lighthouse$/.test(p))).toEqual([]);
    expect({ ...pkg.dependencies, ...pkg.devDependencies }).not.toHaveProperty('lighthouse');
    const benchLock = JSON.parse(
      readFileSync(resolve(root, 'bench/package-lock.json'), 'utf8'),
    ) as { packages: Record<string, { version?: string }> };
    const wanted = readPackage('bench').dependencies?.lighthouse;
    expect(benchLock.packages['node_modules/lighthouse']?.version).toBe(wanted);
    // and the bench installs it itself, from that lockfile, before it first imports it
    const measure = readFileSync(resolve(root, 'bench/lighthouse.mjs'), 'utf8');
    expect(measure).not.toMatch(/^import .* from 'lighthouse'/m);
    expect(measure.indexOf('ensureBenchPackages()')).toBeLessThan(
      measure.indexOf("import('lighthouse')"),
    );
  });
});
