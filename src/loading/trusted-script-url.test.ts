import { describe, expect, it } from 'vitest';
import {
  checkScriptUrl,
  trustedScriptUrl,
  UntrustedScriptUrlError,
  workerBootstrap,
} from './trusted-script-url.ts';

describe('the Trusted Types policy for script URLs', () => {
  const base = 'https://lessons.example.org/batch/assets/index-abc.js';

  it('trusts a script on the origin the lesson’s code came from', () => {
    expect(checkScriptUrl('./sim-worker-1a2b.js', base)).toBe(
      'https://lessons.example.org/batch/assets/sim-worker-1a2b.js',
    );
    expect(checkScriptUrl('/embed/batch-lease.js', base)).toBe(
      'https://lessons.example.org/embed/batch-lease.js',
    );
  });

  it('refuses any other origin, and addresses that are not http on it', () => {
    for (const url of [
      'https://evil.example/x.js',
      '//evil.example/x.js',
      'data:text/javascript,alert(1)',
      'javascript:alert(1)',
      'blob:https://evil.example/1',
      // a blob on the lesson's own origin that the lesson did not make: its origin says nothing
      // of what is in it (any script on the page can make one)
      'blob:https://lessons.example.org/0b6e2f4c-0000-4000-8000-000000000000',
    ]) {
      expect(() => checkScriptUrl(url, base), url).toThrow(UntrustedScriptUrlError);
    }
  });

  it('trusts the blob: bootstrap it made for the lesson’s worker', () => {
    // (any other blob is refused, on any origin, as the test above shows)
    const lessonWorker = new URL('./console-worker-1a2b.js', import.meta.url).href;
    const boot = workerBootstrap(lessonWorker);
    const blob = String(boot.url);
    expect(blob).toMatch(/^blob:/);
    expect(trustedScriptUrl(blob)).toBe(blob);
    boot.revoke();
  });

  it('makes no bootstrap for a worker on another origin', () => {
    expect(() => workerBootstrap('https://evil.example/worker.js')).toThrow(
      UntrustedScriptUrlError,
    );
  });
});
