import { pageWords } from '../../content/page.ts';
import { NATIVE_REPLIES } from '@batch-lease/echomq';
import { reconstructedWords } from '../../content/reconstructed.ts';
import { ReconstructedNote } from './reconstructed-note.tsx';

/**
 * Every reply and error of EMQ.EXTENDS and EMQ.EXTEND, rendered from the one table the
 * native handlers build their texts from, so the lesson cannot drift from what they send.
 * Rendered at build time only: it is lesson text, not an island.
 */
export function NativeReplies() {
  return (
    <>
      <div
        className="table-wrap"
        role="region"
        aria-label={pageWords.nativeReplies.region}
        tabIndex={0}
      >
        <table className="compare-table native-replies">
          <caption>{pageWords.nativeReplies.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{pageWords.nativeReplies.columns.reply}</th>
              <th scope="col">{pageWords.nativeReplies.columns.command}</th>
              <th scope="col">{pageWords.nativeReplies.columns.when}</th>
            </tr>
          </thead>
          <tbody>
            {NATIVE_REPLIES.map((r) => (
              <tr key={r.id} data-reply={r.id}>
                <td>
                  <code>{r.text}</code>
                  {r.kind === 'error' ? (
                    <span className="sr-only">{pageWords.nativeReplies.anError}</span>
                  ) : null}
                </td>
                <td>{r.verbs.join(', ')}</td>
                <td>{r.when}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ReconstructedNote
        note={reconstructedWords.nativeReplies}
        className="listing-reconstructed"
      />
    </>
  );
}
