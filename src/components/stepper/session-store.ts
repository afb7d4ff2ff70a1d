/**
 * A small keyed store for what a learner typed and has not applied yet: in memory at once, and
 * in session storage (this tab only, across a reload) for a key that names a stepper on the
 * page. `local:` keys stay in memory only. Storage that is refused or full never loses the
 * in-memory copy, and the store answers where a value lives, so an editor promises only what
 * holds.
 */

/**
 * Where a kept value lives, which decides what an editor may promise: `stored` outlives a
 * reload; `too-large` (over the storage quota), `no-storage` (storage refused, e.g. a sandboxed
 * frame) and `memory` (a `local:` key, by design) last only while the page is open.
 */
export const DRAFT_PERSISTENCE = ['stored', 'too-large', 'no-storage', 'memory'] as const;
export type DraftPersistence = (typeof DRAFT_PERSISTENCE)[number];

/** A store of values of one kind under one storage prefix. */
export interface SessionStore<T> {
  read(key: string): T | null;
  /**
   * Keeps `value` under `key` in memory at once; `persist` also writes session storage.
   * Answers where the value now lives (a write left for later keeps the last answer).
   */
  keep(key: string, value: T, persist?: boolean): DraftPersistence;
  /** where the value under `key` lives: `stored` unless a write failed or the key is local */
  persistence(key: string): DraftPersistence;
  /**
   * Whether a stored value under `key` could not be read (not JSON, or not a value of this
   * store's kind: a damaged store, or one an older page wrote) and was discarded, so an
   * editor can say so instead of silently starting afresh.
   */
  discarded(key: string): boolean;
  drop(key: string): void;
  /** forgets every value in memory (tests start clean) */
  forget(): void;
}

/** This tab's session storage, or null where it is refused (a sandboxed frame, storage off). */
export const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // refused (a sandboxed frame, storage off)
  }
};

/** Only keys that name a page's stepper go to session storage; `local:` keys stay in memory. */
export const persists = (key: string) => !key.startsWith('local:');

/** A browser's "the store is full" (the name differs between engines and ages). */
const isQuota = (e: unknown) =>
  e instanceof DOMException &&
  (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22);

/** A store under `prefix` whose stored values pass `valid` (anything else reads as absent). */
export function sessionStore<T>(prefix: string, valid: (v: unknown) => v is T): SessionStore<T> {
  const memory = new Map<string, T>();
  const where = new Map<string, DraftPersistence>();
  const unreadable = new Set<string>();
  const said = (key: string, p: DraftPersistence) => (where.set(key, p), p);
  const persistence = (key: string): DraftPersistence => {
    if (!persists(key)) return 'memory';
    return where.get(key) ?? (storage() ? 'stored' : 'no-storage');
  };
  return {
    read(key) {
      const held = memory.get(key);
      if (held !== undefined) return held;
      if (!persists(key)) return null;
      let raw: string | null | undefined;
      try {
        raw = storage()?.getItem(prefix + key);
      } catch {
        return null; // storage refused: there is nothing to restore
      }
      if (raw === null || raw === undefined) return null;
      try {
        const parsed: unknown = JSON.parse(raw);
        if (valid(parsed)) return parsed;
      } catch {
        // not JSON: below, as any other value that is not a draft
      }
      // damaged, or an older page's format: it goes, once, and the editor says so
      unreadable.add(key);
      try {
        storage()?.removeItem(prefix + key);
      } catch {
        // nothing to remove
      }
      return null;
    },
    keep(key, value, persist = true) {
      memory.set(key, value);
      if (!persists(key)) return said(key, 'memory');
      if (!persist) return persistence(key);
      const store = storage();
      if (!store) return said(key, 'no-storage');
      try {
        store.setItem(prefix + key, JSON.stringify(value));
        return said(key, 'stored');
      } catch (e) {
        // Still kept in memory, so nothing is lost while the page is open. An older copy in the
        // store would come back after a reload posing as these edits, so it goes.
        try {
          store.removeItem(prefix + key);
        } catch {
          // nothing to remove
        }
        return said(key, isQuota(e) ? 'too-large' : 'no-storage');
      }
    },
    persistence,
    discarded: (key) => unreadable.has(key),
    drop(key) {
      memory.delete(key);
      where.delete(key);
      try {
        storage()?.removeItem(prefix + key);
      } catch {
        // nothing to remove
      }
    },
    forget() {
      memory.clear();
      where.clear();
      unreadable.clear();
    },
  };
}
