import { describe, expect, test } from 'vitest';
import { bootstrapFailure, diagnoseWorkerFailure } from './worker-failure.ts';
import { workerFailureWords } from './worker-failure-words.ts';

const url = 'https://lesson.example/assets/console-worker-abc.js';
const bare = { type: 'error' } as Event;

describe('why the console’s worker did not start', () => {
  test('a file the server no longer has is gone, with the status it answered', async () => {
    const failure = await diagnoseWorkerFailure(url, bare, [], () =>
      Promise.resolve({ status: 404 }),
    );
    expect(failure).toEqual({ kind: 'gone', url, status: 404 });
  });

  test('a file the page’s policy refused is refused, by the directive that refused it', async () => {
    const failure = await diagnoseWorkerFailure(url, bare, [{ url, directive: 'worker-src' }], () =>
      Promise.resolve({ status: 200, text: '' }),
    );
    expect(failure).toEqual({ kind: 'refused', url, directive: 'worker-src' });
  });

  test('a chunk the worker imports that is gone is the file named', async () => {
    const chunk = 'https://lesson.example/assets/sim-1.js';
    const failure = await diagnoseWorkerFailure(url, bare, [], (u) =>
      Promise.resolve(u === url ? { status: 200, text: 'import "./sim-1.js";' } : { status: 404 }),
    );
    expect(failure).toEqual({ kind: 'gone', url: chunk, status: 404 });
  });

  test('no answer from the server is the network', async () => {
    const failure = await diagnoseWorkerFailure(url, bare, [], () =>
      Promise.resolve({ status: null }),
    );
    expect(failure).toEqual({ kind: 'network', url, status: null });
  });

  test('a blob: bootstrap that did not start while the server has the file: the page’s policy, and what it must allow', async () => {
    const failure = await diagnoseWorkerFailure(url, bare, [], () =>
      Promise.resolve({ status: 200, text: '' }),
    );
    const said = bootstrapFailure(failure, true);
    expect(said).toEqual({ kind: 'blob-refused', url });
    expect(workerFailureWords(said)).toContain(
      'must allow worker-src blob: https://lesson.example.',
    );
    // a file the server no longer has is still that, bootstrap or not
    const gone = { kind: 'gone', url, status: 404 } as const;
    expect(bootstrapFailure(gone, true)).toEqual(gone);
    // a worker started from the lesson's own URL keeps the diagnosis as it was
    expect(bootstrapFailure(failure, false)).toEqual(failure);
  });

  test('an element not asked to start a worker says so, and what would give it one', () => {
    expect(workerFailureWords({ kind: 'not-asked', url })).toContain('the off-thread attribute');
  });
});
