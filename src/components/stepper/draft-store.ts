/**
 * Where the scenario editor keeps unapplied edits while it is closed, while the stepper runs
 * another scenario, and across a reload: in memory, and in session storage (this tab only) for
 * a key that names a stepper on the page (see session-store.ts). Nothing the learner typed is
 * lost while the page is open; whether it also outlives a reload is {@link draftPersistence},
 * which the editor states.
 */
import { sessionStore, type DraftPersistence } from './session-store.ts';
import { isDraftShape, type Draft } from '../../scenario/index.ts';

export { DRAFT_PERSISTENCE, type DraftPersistence } from './session-store.ts';

/** A draft with the scenario (as JSON) it was begun from. */
export interface StoredDraft {
  draft: Draft;
  /** JSON.stringify of the scenario the edits started from */
  base: string;
}

const isStored = (v: unknown): v is StoredDraft => {
  const o = v as Partial<StoredDraft> | null;
  return typeof o === 'object' && o !== null && typeof o.base === 'string' && isDraftShape(o.draft);
};

const store = sessionStore('lesson-editor-draft:', isStored);

/** The unapplied draft kept under `key`, or null. */
export const readDraft = (key: string): StoredDraft | null => store.read(key);
/**
 * Keeps `stored` under `key` in memory at once; `persist` also writes session storage. Answers
 * where the draft now lives.
 */
export const keepDraft = (key: string, stored: StoredDraft, persist = true): DraftPersistence =>
  store.keep(key, stored, persist);
/** Whether a stored draft under `key` could not be read and was discarded (see session-store.ts). */
export const draftDiscarded = (key: string): boolean => store.discarded(key);
/** Where the draft under `key` lives (a draft read back after a reload is `stored`). */
export const draftPersistence = (key: string): DraftPersistence => store.persistence(key);
/** Forgets the draft under `key` (applied or discarded). */
export const dropDraft = (key: string): void => store.drop(key);
/** Forgets every kept draft in memory (tests start clean). */
export const forgetDrafts = (): void => store.forget();
