/**
 * Placeholders for the interactive parts. Each renders a static, meaningful fallback
 * (what the reader would see at the first step) in the same box the live component
 * will fill, so the page reads without JavaScript and nothing shifts on hydration.
 * Both are live components now; they render their first state on the server.
 */
import { Island } from './island.tsx';

/**
 * "Extend four leases · step the members": the stepper's home on the page. The stepper
 * renders the default walk's first step on the server too, so the prerendered page
 * shows a real step and hydration changes nothing until the reader acts (or the URL
 * hash asks for another scenario).
 */
export function StepperSlot() {
  return (
    <section id="stepper" className="stepper-slot" aria-labelledby="stepper-title">
      <header className="slot-head">
        <p className="slot-kicker">Step the batch</p>
        <h2 id="stepper-title">Extend four leases · step the members</h2>
      </header>
      <Island name="stepper" props={{}} />
    </section>
  );
}

/**
 * "A job's fate, two verbs · read both answers": the fate picker. Its answers are computed from
 * the simulated server during render, so the prerendered page shows the default fate's real
 * answers before any script runs.
 */
export function FatePickerSlot() {
  return <Island name="fate-picker" props={{}} />;
}
