/**
 * Where the scenario editor keeps unapplied edits while it is closed, while the stepper runs
 * another scenario, and across a reload: in memory, and in session storage (this tab only) for
 * a key that names a stepper on the page. Nothing the learner typed is lost while the page is
 * open; whether it also outlives a reload is {@link draftPersistence}, which the editor states.
 */
import { persists, storage } from './session-store.ts';
import type { Draft } from './editor-draft.ts';

/** A draft with the scenario (as JSON) it was begun from. */
export interface StoredDraft {
  draft: Draft;
  /** JSON.stringify of the scenario the edits started from */
  base: string;
}

const PREFIX = 'lesson-editor-draft:';
const memory = new Map<string, StoredDraft>();

/**
 * Where a kept draft lives, which decides what the editor may promise: `stored` outlives a
 * reload; `too-large` (over the storage quota), `no-storage` (storage refused, e.g. a sandboxed
 * frame) and `memory` (a `local:` key, by design) last only while the page is open.
 */
export const DRAFT_PERSISTENCE = ['stored', 'too-large', 'no-storage', 'memory'] as const;
export type DraftPersistence = (typeof DRAFT_PERSISTENCE)[number];
const persistence = new Map<string, DraftPersistence>();

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

/** A browser's "the store is full" (the name differs between engines and ages). */
const isQuota = (e: unknown) =>
  e instanceof DOMException &&
  (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22);

/**
 * Keeps `stored` under `key` in memory at once; `persist` also writes session storage. Answers
 * where the draft now lives (a write left for later keeps the last answer).
 */
export function keepDraft(key: string, stored: StoredDraft, persist = true): DraftPersistence {
  memory.set(key, stored);
  if (!persists(key)) return setPersistence(key, 'memory');
  if (!persist) return draftPersistence(key);
  const store = storage();
  if (!store) return setPersistence(key, 'no-storage');
  try {
    store.setItem(PREFIX + key, JSON.stringify(stored));
    return setPersistence(key, 'stored');
  } catch (e) {
    // Still kept in memory, so nothing is lost while the page is open. An older copy in the
    // store would come back after a reload posing as these edits, so it goes.
    try {
      store.removeItem(PREFIX + key);
    } catch {
      // nothing to remove
    }
    return setPersistence(key, isQuota(e) ? 'too-large' : 'no-storage');
  }
}

function setPersistence(key: string, p: DraftPersistence): DraftPersistence {
  persistence.set(key, p);
  return p;
}

/**
 * Where the draft under `key` lives: `stored` unless a write to session storage failed (or the
 * key is memory-only). A draft read back from storage after a reload is `stored`.
 */
export function draftPersistence(key: string): DraftPersistence {
  if (!persists(key)) return 'memory';
  return persistence.get(key) ?? (storage() ? 'stored' : 'no-storage');
}

/** Forgets the draft under `key` (applied or discarded). */
export function dropDraft(key: string): void {
  memory.delete(key);
  persistence.delete(key);
  try {
    storage()?.removeItem(PREFIX + key);
  } catch {
    // nothing to remove
  }
}

/** Forgets every kept draft in memory (tests start clean). */
export function forgetDrafts(): void {
  memory.clear();
  persistence.clear();
}
