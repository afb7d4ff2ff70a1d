/**
 * Where the scenario editor keeps unapplied edits while it is closed, while the stepper runs
 * another scenario, and across a reload: in memory, and in session storage (this tab only) for
 * a key that names a stepper on the page. Nothing the learner typed is lost.
 */
import type { Draft } from './editor-draft.ts';

/** A draft with the scenario (as JSON) it was begun from. */
export interface StoredDraft {
  draft: Draft;
  /** JSON.stringify of the scenario the edits started from */
  base: string;
}

const PREFIX = 'lesson-editor-draft:';
const memory = new Map<string, StoredDraft>();

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // refused (a sandboxed frame, storage off)
  }
};

/** Only keys that name a page's stepper go to session storage; `local:` keys stay in memory. */
const persists = (key: string) => !key.startsWith('local:');

const isStored = (v: unknown): v is StoredDraft => {
  const o = v as Partial<StoredDraft> | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    typeof o.base === 'string' &&
    typeof o.draft === 'object' &&
    o.draft !== null &&
    Array.isArray(o.draft.pairs)
  );
};

/** The unapplied draft kept under `key`, or null. */
export function readDraft(key: string): StoredDraft | null {
  const held = memory.get(key);
  if (held) return held;
  if (!persists(key)) return null;
  try {
    const raw = storage()?.getItem(PREFIX + key);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isStored(parsed) ? parsed : null;
  } catch {
    return null; // unreadable: an old format or a full store; there is nothing to restore
  }
}

/** Keeps `stored` under `key` in memory at once; `persist` also writes session storage. */
export function keepDraft(key: string, stored: StoredDraft, persist = true): void {
  memory.set(key, stored);
  if (!persist || !persists(key)) return;
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify(stored));
  } catch {
    // over the quota (a huge draft): it is still kept in memory, just not across a reload
  }
}

/** Forgets the draft under `key` (applied or discarded). */
export function dropDraft(key: string): void {
  memory.delete(key);
  try {
    storage()?.removeItem(PREFIX + key);
  } catch {
    // nothing to remove
  }
}

/** Forgets every kept draft in memory (tests start clean). */
export function forgetDrafts(): void {
  memory.clear();
}
