/**
 * Placeholders for the interactive parts. Each renders a static, meaningful fallback
 * (what the reader would see at the first step) in the same box the live component
 * will fill, so the page reads without JavaScript and nothing shifts on hydration.
 * The stepper and fate-picker work replace these bodies with the real components.
 */

/** "Extend four leases · step the members": the stepper's home on the page. */
export function StepperSlot() {
  return (
    <section id="stepper" className="stepper-slot" aria-labelledby="stepper-title">
      <header className="slot-head">
        <p className="slot-kicker">Step the batch</p>
        <h2 id="stepper-title">Extend four leases · step the members</h2>
      </header>
      <div className="slot-body">
        <p className="slot-caption">Member 1 of 4 · the first step of the default walk</p>
        <ol className="slot-argv" aria-label="The first held pair, in its ARGV slots">
          <li>
            <span className="slot-argv-key">ARGV[1]</span>
            <code>lease_ms</code>
          </li>
          <li data-current="true">
            <span className="slot-argv-key">ARGV[2]</span>
            <code>JOB0KHTOWnGLuA</code>
          </li>
          <li data-current="true">
            <span className="slot-argv-key">ARGV[3]</span>
            <code>1</code>
          </li>
          <li>
            <span className="slot-argv-key">ARGV[4…]</span>
            <code>three more pairs</code>
          </li>
        </ol>
        <dl className="slot-checks">
          <div>
            <dt>row</dt>
            <dd>exists · attempts 1</dd>
          </div>
          <div>
            <dt>token</dt>
            <dd>1 = 1</dd>
          </div>
          <div>
            <dt>in active</dt>
            <dd>yes</dd>
          </div>
          <div>
            <dt>verdict</dt>
            <dd className="verdict-ok">re-scored</dd>
          </div>
        </dl>
        <div className="slot-narration">
          <p>
            <code>JOB0KHTOWnGLuA</code> · token 1, attempts 1, in active → re-scored →{' '}
            <code>ZADD active now+lease</code>
          </p>
          <p>
            failed after member 1: <code>[]</code>
          </p>
          <p className="slot-why">
            A live lease is re-scored to <code>now + lease</code>, with the same <code>now</code> as
            every other member of the batch.
          </p>
        </div>
      </div>
    </section>
  );
}

/** "A job's fate, two verbs · read both answers": the fate picker's home on the page. */
export function FatePickerSlot() {
  return (
    <section id="fate-picker" className="fate-slot" aria-labelledby="fate-picker-title">
      <h3 id="fate-picker-title">A job&rsquo;s fate, two verbs · read both answers</h3>
      <p className="slot-caption">
        Fate: <strong>live</strong> — the row exists, the token matches, the id is in active.
      </p>
      <table className="fate-table">
        <caption className="sr-only">The answers for a live lease</caption>
        <tbody>
          <tr>
            <th scope="row">single</th>
            <td>
              <code>:ok</code>
            </td>
          </tr>
          <tr>
            <th scope="row">batch</th>
            <td>re-scored</td>
          </tr>
          <tr>
            <th scope="row">
              <code>EMQ.EXTEND</code>
            </th>
            <td>
              <code>1</code>
            </td>
          </tr>
          <tr>
            <th scope="row">
              <code>EMQ.EXTENDS</code>
            </th>
            <td>the id is absent from the reply</td>
          </tr>
          <tr>
            <th scope="row">
              <code>lease_epoch</code>
            </th>
            <td>stamped by both native commands</td>
          </tr>
        </tbody>
      </table>
      <p className="fate-why">
        Every check passes, so both verbs re-score the member at <code>now + lease</code>.
      </p>
    </section>
  );
}
