import { NATIVE_REPLIES } from '../sim/client.ts';

/**
 * Every reply and error of EMQ.EXTENDS and EMQ.EXTEND, rendered from the one table the
 * native handlers build their texts from, so the lesson cannot drift from what they send.
 * Rendered at build time only: it is lesson text, not an island.
 */
export function NativeReplies() {
  return (
    <div className="table-wrap" role="region" aria-label="Native replies" tabIndex={0}>
      <table className="compare-table native-replies">
        <caption>What the native commands answer</caption>
        <thead>
          <tr>
            <th scope="col">reply</th>
            <th scope="col">command</th>
            <th scope="col">when</th>
          </tr>
        </thead>
        <tbody>
          {NATIVE_REPLIES.map((r) => (
            <tr key={r.id} data-reply={r.id}>
              <td>
                <code>{r.text}</code>
                {r.kind === 'error' ? <span className="sr-only"> (an error)</span> : null}
              </td>
              <td>{r.verbs.join(', ')}</td>
              <td>{r.when}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
