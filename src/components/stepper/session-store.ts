/**
 * A small keyed store for what a learner typed and has not applied yet: in memory at once, and
 * in session storage (this tab only, across a reload) for a key that names a stepper on the
 * page. `local:` keys stay in memory only. Storage that is refused or full never loses the
 * in-memory copy.
 */

/** A store of values of one kind under one storage prefix. */
export interface SessionStore<T> {
  read(key: string): T | null;
  keep(key: string, value: T, persist?: boolean): void;
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

/** A store under `prefix` whose stored values pass `valid` (anything else reads as absent). */
export function sessionStore<T>(prefix: string, valid: (v: unknown) => v is T): SessionStore<T> {
  const memory = new Map<string, T>();
  return {
    read(key) {
      const held = memory.get(key);
      if (held !== undefined) return held;
      if (!persists(key)) return null;
      try {
        const raw = storage()?.getItem(prefix + key);
        const parsed: unknown = raw ? JSON.parse(raw) : null;
        return valid(parsed) ? parsed : null;
      } catch {
        return null; // unreadable: an old format or a full store; there is nothing to restore
      }
    },
    keep(key, value, persist = true) {
      memory.set(key, value);
      if (!persist || !persists(key)) return;
      try {
        storage()?.setItem(prefix + key, JSON.stringify(value));
      } catch {
        // over the quota (a huge draft): it is still kept in memory, just not across a reload
      }
    },
    drop(key) {
      memory.delete(key);
      try {
        storage()?.removeItem(prefix + key);
      } catch {
        // nothing to remove
      }
    },
    forget() {
      memory.clear();
    },
  };
}
