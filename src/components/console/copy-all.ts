/**
 * Copy all on a cut reply: its text is asked of the side that holds the server (it is made only
 * now), and handed to the clipboard as a promise, so the click's permission to write holds
 * while the text comes (a write after an await, outside the click, may be refused).
 */
import {
  copyFaultText,
  MAX_KEPT_COPIES,
  type ConsoleBackend,
  type CopyRef,
} from '../../console/index.ts';
import { consoleWords as T } from '../../../content/console.ts';
import { fill, grouped } from '../../content/template.ts';
import { writeClipboard } from '../copy-button.tsx';

/** A copy that was not made: the words the button says instead. */
export class CopyNotMade extends Error {}

/** The copy `ref` stands for, in parts, or a {@link CopyNotMade} saying why there is none. */
export function copyTextOf(backend: ConsoleBackend, ref: CopyRef): Promise<string[]> {
  return new Promise((resolve, reject) => {
    backend.copy(ref, (answer) => {
      if ('parts' in answer) resolve(answer.parts);
      else if ('failed' in answer) reject(new CopyNotMade(copyFaultText(answer.failed)));
      else
        reject(
          new CopyNotMade(
            answer.gone === 'replaced'
              ? T.copyGoneReplaced
              : fill(T.copyGoneDropped, { count: grouped(MAX_KEPT_COPIES) }),
          ),
        );
    });
  });
}

/**
 * Writes `parts` to the clipboard once they come: as a ClipboardItem given the promise of them,
 * which keeps the click's permission; where there is none (an older browser), as text once they
 * come. Rejects with the copy's own {@link CopyNotMade} when the text did not come, or with
 * {@link T.copyRefused}'s words when the clipboard refused it.
 */
export async function writeClipboardLater(parts: Promise<readonly string[]>): Promise<void> {
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    const blob = parts.then((p) => new Blob(p as string[], { type: 'text/plain' }));
    // told below, by awaiting it: not an unhandled rejection meanwhile
    blob.catch(() => {});
    try {
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
      return;
    } catch {
      // the text did not come (its own words are the answer), or the clipboard refused the item
      await blob;
    }
  }
  try {
    await writeClipboard((await parts).join(''));
  } catch (e) {
    throw e instanceof CopyNotMade ? e : new CopyNotMade(T.copyRefused);
  }
}
