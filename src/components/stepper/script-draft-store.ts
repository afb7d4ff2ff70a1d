/**
 * Where the script editor keeps text the learner typed and has not run: while the editor is
 * closed, while another script or scenario runs, and across a reload (session storage, this
 * tab only). Nothing typed is lost; running or resetting the script forgets it.
 */
import { sessionStore, type DraftPersistence } from './session-store.ts';

/** An unrun script edit, with the text it was begun from. */
export interface ScriptDraft {
  text: string;
  /** the script that was running when the edit began */
  base: string;
}

const isDraft = (v: unknown): v is ScriptDraft => {
  const o = v as Partial<ScriptDraft> | null;
  return (
    typeof o === 'object' && o !== null && typeof o.text === 'string' && typeof o.base === 'string'
  );
};

const store = sessionStore('lesson-script-draft:', isDraft);

/** The unrun script edit kept under `key`, or null. */
export const readScriptDraft = (key: string): ScriptDraft | null => store.read(key);
/** Keeps an unrun edit under `key`; answers where it now lives (see session-store.ts). */
export const keepScriptDraft = (key: string, draft: ScriptDraft): DraftPersistence =>
  store.keep(key, draft);
/** Forgets the edit under `key` (run, reset or discarded). */
export const dropScriptDraft = (key: string): void => store.drop(key);
/** Forgets every kept edit in memory (tests start clean). */
export const forgetScriptDrafts = (): void => store.forget();
