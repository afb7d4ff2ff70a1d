// @vitest-environment jsdom
/**
 * The store under both editors: what it promises about a reload must hold. A write the browser
 * refuses keeps the value in memory and takes away any older stored copy, which a reload would
 * otherwise bring back posing as the latest edits.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from './session-store.ts';
import { forgetScriptDrafts, keepScriptDraft, readScriptDraft } from './script-draft-store.ts';

const isText = (v: unknown): v is string => typeof v === 'string';
const quota = () => {
  throw new DOMException('the quota has been exceeded', 'QuotaExceededError');
};

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
  forgetScriptDrafts();
});

describe('sessionStore', () => {
  it('stores a value across a reload, and says so', () => {
    const store = sessionStore('t:', isText);
    expect(store.keep('stepper', 'first')).toBe('stored');
    expect(store.persistence('stepper')).toBe('stored');
    store.forget(); // what a reload does to memory
    expect(store.read('stepper')).toBe('first');
  });

  it('keeps a refused write in memory, drops the older stored copy, and says too-large', () => {
    const store = sessionStore('t:', isText);
    store.keep('stepper', 'older');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(quota);
    expect(store.keep('stepper', 'newer')).toBe('too-large');
    expect(store.read('stepper')).toBe('newer');
    expect(sessionStorage.getItem('t:stepper')).toBeNull();
    expect(store.persistence('stepper')).toBe('too-large');
    store.forget();
    expect(store.read('stepper')).toBeNull();
  });

  it('says no-storage for any other refusal, and memory for a local key', () => {
    const store = sessionStore('t:', isText);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('refused', 'SecurityError');
    });
    expect(store.keep('stepper', 'x')).toBe('no-storage');
    expect(store.keep('local:1', 'y')).toBe('memory');
    expect(store.persistence('local:1')).toBe('memory');
    store.drop('stepper');
    expect(store.persistence('stepper')).toBe('stored');
  });

  it('gives the script editor the same promise: no stale script after a refused write', () => {
    keepScriptDraft('stepper', { text: 'return 1', base: 'return 0' });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(quota);
    expect(keepScriptDraft('stepper', { text: 'return 2', base: 'return 0' })).toBe('too-large');
    forgetScriptDrafts();
    expect(readScriptDraft('stepper')).toBeNull();
  });
});
