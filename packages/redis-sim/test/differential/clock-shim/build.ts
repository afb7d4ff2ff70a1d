/**
 * Builds the frozen-clock shim (clock.c) with the machine's gcc, once per test
 * run, into a temporary directory. A missing gcc fails the run with one line
 * saying what to install: the suites that need a frozen clock are never skipped.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = fileURLToPath(new URL('./clock.c', import.meta.url));

/** Compiles clock.c to a shared object and answers its path. */
export function buildClockShim(
  outDir = mkdtempSync(join(tmpdir(), 'redis-sim-clock-shim-')),
): string {
  const out = join(outDir, 'clock-shim.so');
  const args = ['-O2', '-Wall', '-Wextra', '-Werror', '-shared', '-fPIC', '-o', out, SOURCE];
  const res = spawnSync('gcc', args, { encoding: 'utf8' });
  if (res.error && (res.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error(
      'The frozen-clock shim needs gcc, which is missing: apt-get install -y gcc libc6-dev',
    );
  }
  if (res.status !== 0) {
    throw new Error(`gcc could not build ${SOURCE} (exit ${res.status}):\n${res.stderr}`);
  }
  return out;
}

/** A clock file the shim reads: microseconds since the epoch, moved by {@link setFrozenClock}. */
export interface ClockFile {
  path: string;
  /** the value last written, in microseconds */
  us: number;
}

/**
 * Writes `us` (microseconds since the epoch) to the clock file, atomically: a
 * temporary file renamed over it, so the shim never reads half a number.
 */
export function setFrozenClock(file: ClockFile, us: number): void {
  if (!Number.isSafeInteger(us) || us < 0) throw new Error(`not a clock value: ${us}`);
  const tmp = `${file.path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${us}\n`);
  renameSync(tmp, file.path);
  file.us = us;
}

/** A new clock file in `dir` standing at `us`. */
export function createClockFile(dir: string, us: number): ClockFile {
  const file: ClockFile = { path: join(dir, 'clock-us'), us };
  setFrozenClock(file, us);
  return file;
}
