/**
 * Where the script editor keeps text the learner typed: while the editor is closed, while
 * another script or scenario runs, and across a reload (session storage, this tab only). Nothing
 * typed is lost: a text that was run stays kept (`ran`) until the link holds it, since the link
 * is written only once the run has ended, and a run can end the tab; resetting forgets it.
 */
import { sessionStore, type DraftPersistence } from './session-store.ts';

export type { DraftPersistence } from './session-store.ts';

/** An unrun script edit, with the text it was begun from. */
export interface ScriptDraft {
  text: string;
  /** the script that was running when the edit began */
  base: string;
  /** the text was run: kept only until the page's link carries it */
  ran?: boolean;
}

const isDraft = (v: unknown): v is ScriptDraft => {
  const o = v as Partial<ScriptDraft> | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    typeof o.text === 'string' &&
    typeof o.base === 'string' &&
    (o.ran === undefined || typeof o.ran === 'boolean')
  );
};

const store = sessionStore('lesson-script-draft:', isDraft);

/** The unrun script edit kept under `key`, or null. */
export const readScriptDraft = (key: string): ScriptDraft | null => store.read(key);
/** Keeps an unrun edit under `key`; answers where it now lives (see session-store.ts). */
export const keepScriptDraft = (key: string, draft: ScriptDraft): DraftPersistence =>
  store.keep(key, draft);
/** Where the edit under `key` lives: `stored` unless storage refused it (see session-store.ts). */
export const scriptDraftPersistence = (key: string): DraftPersistence => store.persistence(key);
/** Whether a stored edit under `key` could not be read and was discarded. */
export const scriptDraftDiscarded = (key: string): boolean => store.discarded(key);
/** Forgets the edit under `key` (carried by the link, reset or discarded). */
export const dropScriptDraft = (key: string): void => store.drop(key);
/** Forgets every kept edit in memory (tests start clean). */
export const forgetScriptDrafts = (): void => store.forget();
