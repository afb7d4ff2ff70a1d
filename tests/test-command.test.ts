import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSuites } from '../scripts/suites.mjs';

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
  it('runs the suites after a failing one and still fails the run', () => {
    const lines: string[] = [];
    const { results, ok } = runSuites(
      [
        { name: 'first', cmd: 'node', args: ['-e', 'process.exit(3)'] },
        { name: 'second', cmd: 'node', args: ['-e', 'process.exit(0)'] },
        { name: 'after-first', cmd: 'node', args: ['-e', '0'], needs: 'first' },
      ],
      { log: (l) => lines.push(l), stdio: 'ignore' },
    );
    expect(ok).toBe(false);
    expect([...results]).toEqual([
      ['first', 'failed (exit 3)'],
      ['second', 'passed'],
      ['after-first', 'not run: first failed'],
    ]);
    expect(lines.join('\n')).toContain('FAIL first');
  });

  it('is no && chain: npm test and npm run check go through the runner', () => {
    expect(pkg.scripts.test).toBe('node scripts/run-tests.mjs');
    expect(pkg.scripts.check).toBe('node scripts/run-check.mjs');
    const tests = readFileSync(resolve(root, 'scripts/run-tests.mjs'), 'utf8');
    for (const suite of ['ensure-system.sh', "'vite', 'build'", "'vitest', 'run'", 'run-e2e.mjs'])
      expect(tests).toContain(suite);
    const check = readFileSync(resolve(root, 'scripts/run-check.mjs'), 'utf8');
    for (const step of ["'typecheck'", "'lint'", "'format:check'", "args: ['test']"])
      expect(check).toContain(step);
  });

  it('CI runs npm ci, then the check command', () => {
    const ci = readFileSync(resolve(root, '.ci/run'), 'utf8');
    const lines = ci.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
    expect(lines.slice(-2)).toEqual(['npm ci', 'npm run check']);
  });

  it("lighthouse is the bench workspace's alone, installed by the same npm ci", () => {
    expect(pkg.workspaces).toContain('bench');
    expect({ ...pkg.dependencies, ...pkg.devDependencies }).not.toHaveProperty('lighthouse');
    expect(readPackage('bench').dependencies).toHaveProperty('lighthouse');
  });
});
