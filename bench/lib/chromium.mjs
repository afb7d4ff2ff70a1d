import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { freePort } from '@batch-lease/redis-sim/differential/free-port.mjs';

/** The flags of every chromium this project starts, plus headless for a bare launch. */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  ...CHROMIUM_ARGS,
  '--disable-extensions',
  '--mute-audio',
];

/**
 * Starts Debian's chromium with a DevTools port on loopback, for Lighthouse.
 * Lighthouse's own launcher is not used so the flags above are the only ones in play.
 */
export async function launchChromium() {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'bench-chromium-'));
  const bin = CHROMIUM_PATH;
  const child = spawn(
    bin,
    [
      ...CHROMIUM_FLAGS,
      `--remote-debugging-port=${port}`,
      '--remote-debugging-address=127.0.0.1',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`chromium did not open its DevTools port ${port} within 20 s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    async close() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r).once('error', r));
      // chromium's helper processes may still be writing the profile when the browser has
      // exited (ENOTEMPTY once in a bench run): retry a while, and never fail the bench for it
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      } catch (e) {
        console.warn(`left the chromium profile ${profile} behind: ${e.message}`);
      }
    },
  };
}

/** A page's options for Lighthouse's mobile screen (its default emulation: 412 × 823 at 1.75). */
export const MOBILE_SCREEN = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
};
