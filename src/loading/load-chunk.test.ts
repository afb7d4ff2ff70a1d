import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_TIMEOUT_MS,
  ChunkLoadError,
  chunkUrlOf,
  describeChunkFailure,
  loadChunk,
} from './load-chunk.ts';

const URL_ = 'http://127.0.0.1:4319/assets/ScenarioEditor-CIdiXH3J.js';
const failed = () =>
  Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${URL_}`));

afterEach(() => vi.useRealTimers());

describe('loading a lazy chunk', () => {
  it('hands over the module when it arrives', async () => {
    await expect(loadChunk(() => Promise.resolve({ x: 1 }), { what: 'x' })).resolves.toEqual({
      x: 1,
    });
  });

  it('gives up after the bounded wait, as a timeout', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise(() => {}), { what: 'the simulated server' });
    const seen = expect(pending).rejects.toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
    await seen;
  });

  it('calls a chunk the server answers 404 for gone (a redeploy), anything else the network', async () => {
    const gone = loadChunk(failed, { what: 'the editor', probe: async () => 404 });
    await expect(gone).rejects.toMatchObject({ kind: 'gone', url: URL_ });
    const offline = loadChunk(failed, { what: 'the editor', probe: async () => null });
    await expect(offline).rejects.toMatchObject({ kind: 'network' });
    const flaky = loadChunk(failed, { what: 'the editor', probe: async () => 200 });
    await expect(flaky).rejects.toMatchObject({ kind: 'network' });
  });

  it('finds the chunk’s address in the browser’s message', () => {
    expect(chunkUrlOf(new TypeError(`Failed to fetch dynamically imported module: ${URL_}`))).toBe(
      URL_,
    );
    expect(chunkUrlOf(new Error('offline'))).toBeNull();
  });

  it('words each failure with an action the page offers', () => {
    const say = (kind: ChunkLoadError['kind']) =>
      describeChunkFailure(new ChunkLoadError(kind, 'the scenario editor', null));
    expect(say('timeout')).toMatch(/^The scenario editor is taking too long .* press Retry\.$/);
    expect(say('network')).toMatch(/press Retry\.$/);
    expect(say('gone')).toMatch(/Reload the page; your place is kept\.$/);
  });
});
