/**
 * What becomes of the script text the editor keeps (script-draft-store.ts) when the script that
 * runs changes: a what-if picked, a link followed, a run, a reset. One rule, applied by the
 * stepper on every such change whether the editor is open or not, so what the editor says on
 * opening (an edit not run, a text restored after the tab closed) does not depend on whether it
 * happened to be open at the time.
 */
import { decodeHash } from '../../scenario/index.ts';
import { dropScriptDraft, keepScriptDraft, readScriptDraft } from './script-draft-store.ts';

export { keepScriptDraft, readScriptDraft };

/** The script the page's link carries under `key` now, or null (none, or not this page's). */
export function linkedScript(key: string): string | null {
  if (typeof window === 'undefined') return null;
  return decodeHash(window.location.hash, key)?.state?.script ?? null;
}

/**
 * Follows a change of the running script to `running`. A kept text that now runs is kept only
 * until the link carries it (dropped at once if the link already does), since the link is written
 * once the run has ended and a run can end the tab. A text that ran and has been replaced is an
 * edit not run again, kept as any other: it was not restored after a closed tab.
 */
export function followRunning(key: string, running: string): void {
  const d = readScriptDraft(key);
  if (d === null) return;
  if (d.text === running) {
    if (linkedScript(key) === running) dropScriptDraft(key);
    else if (!d.ran) keepScriptDraft(key, { ...d, ran: true });
  } else if (d.ran) {
    keepScriptDraft(key, { text: d.text, base: running });
  }
}
