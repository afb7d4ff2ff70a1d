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

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

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
    const answer = (status: number | null) => async () => ({ status, text: '' });
    const gone = loadChunk(failed, { what: 'the editor', ask: answer(404) });
    await expect(gone).rejects.toMatchObject({ kind: 'gone', url: URL_, status: 404 });
    const offline = loadChunk(failed, { what: 'the editor', ask: answer(null) });
    await expect(offline).rejects.toMatchObject({ kind: 'network', url: URL_ });
    const flaky = loadChunk(failed, { what: 'the editor', ask: answer(200) });
    await expect(flaky).rejects.toMatchObject({ kind: 'network', url: URL_ });
  });

  it('names the file that failed when the chunk arrived and one it imports did not', async () => {
    const base = 'http://127.0.0.1:4319/assets/';
    const files: Record<string, { status: number | null; text?: string }> = {
      [URL_]: {
        status: 200,
        text: 'import{a as e}from"./react-AAAA.js";import"./simulate-BBBB.js";export{x}from"../x-CCCC.js";',
      },
      [`${base}react-AAAA.js`]: { status: 200, text: 'export const a=1;' },
      [`${base}simulate-BBBB.js`]: { status: 200, text: 'import"./lua-DDDD.js";' },
      'http://127.0.0.1:4319/x-CCCC.js': { status: 200, text: '' },
      [`${base}lua-DDDD.js`]: { status: 404 },
    };
    const ask = async (url: string) => files[url] ?? { status: 500 };
    await expect(loadChunk(failed, { what: 'the editor', ask })).rejects.toMatchObject({
      kind: 'gone',
      url: `${base}lua-DDDD.js`,
    });
    files[`${base}lua-DDDD.js`] = { status: null };
    await expect(loadChunk(failed, { what: 'the editor', ask })).rejects.toMatchObject({
      kind: 'network',
      url: `${base}lua-DDDD.js`,
    });
  });

  it('calls a file the page’s policy refused blocked, whatever the server says of it', async () => {
    const blocked = `http://127.0.0.1:4319/assets/lua-DDDD.js`;
    // the page's window, where the policy's events arrive (node has none)
    const page = new EventTarget();
    vi.stubGlobal('addEventListener', page.addEventListener.bind(page));
    vi.stubGlobal('removeEventListener', page.removeEventListener.bind(page));
    const importer = () => {
      page.dispatchEvent(
        Object.assign(new Event('securitypolicyviolation'), {
          blockedURI: blocked,
          effectiveDirective: 'script-src-elem',
        }),
      );
      return failed();
    };
    const ask = async () => ({ status: 200, text: '' });
    const error = await loadChunk(importer, { what: 'the console', ask }).catch((e) => e);
    expect(error).toMatchObject({ kind: 'blocked', url: blocked, directive: 'script-src-elem' });
    expect(describeChunkFailure(error)).toMatch(
      /^The console could not be loaded: this page's Content-Security-Policy refused http:\/\/127\.0\.0\.1:4319\/assets\/lua-DDDD\.js \(script-src-elem\)\. Trying again will not help/,
    );
  });

  it('finds the chunk’s address in the browser’s message', () => {
    expect(chunkUrlOf(new TypeError(`Failed to fetch dynamically imported module: ${URL_}`))).toBe(
      URL_,
    );
    // a source module, as the dev server names it
    const source = 'http://127.0.0.1:5173/src/page/App.tsx';
    expect(
      chunkUrlOf(new TypeError(`Failed to fetch dynamically imported module: ${source}`)),
    ).toBe(source);
    expect(chunkUrlOf(new Error('offline'))).toBeNull();
  });

  it('words each failure with an action the page offers', () => {
    const say = (kind: ChunkLoadError['kind']) =>
      describeChunkFailure(new ChunkLoadError(kind, 'the scenario editor', null));
    expect(say('timeout')).toMatch(/^The scenario editor is taking too long .* press Retry\.$/);
    expect(say('network')).toMatch(/press Retry\.$/);
    expect(say('gone')).toMatch(/Reload the page; your place is kept\.$/);
    expect(say('blocked')).toMatch(/Trying again will not help; whoever runs this page must allow/);
    const named = new ChunkLoadError('gone', 'the console', URL_, { status: 410 });
    expect(describeChunkFailure(named)).toMatch(
      /Reload the page; your place is kept\. \(The server answered 410 for http:\S+\/ScenarioEditor-CIdiXH3J\.js\.\)$/,
    );
    const dropped = new ChunkLoadError('network', 'the console', URL_);
    expect(describeChunkFailure(dropped)).toMatch(
      /press Retry\. \(No answer came for http:\S+\.js\.\)$/,
    );
    // where no Retry button is, the words name the way to try again that is there
    expect(describeChunkFailure(dropped, 'send the next line')).toMatch(
      /Check it, then send the next line\. \(No answer came for http:\S+\.js\.\)$/,
    );
  });
});
