/**
 * The interactive parts' homes on the page. Server-only (the client bundle imports only the
 * islands' components): the build runs the simulated server for the islands' props
 * (src/embed/embed-data.ts, which the embed pages share), so they carry what the simulation
 * answered and the browser need not run it to show them.
 */
import { Island } from './island.tsx';
import { fatesData, stepperData } from '../embed/embed-data.ts';
import { pageWords } from '../../content/page.ts';
import { bullmq } from 'virtual:bullmq-scripts';

/**
 * The stepper's home on the page: the stage, whose title names the scenario it runs. The stepper
 * renders the default walk's first step on the server too, from the runs in its props, so
 * the prerendered page shows a real step and hydration changes nothing until the reader
 * acts (or the URL hash asks for another scenario).
 */
export function StepperSlot() {
  return (
    <div id="stepper" className="stepper-slot">
      <p className="slot-kicker">{pageWords.stepperSlot.kicker}</p>
      <Island name="stepper" props={stepperData()} />
    </div>
  );
}

/**
 * "A job's fate, two verbs · read both answers": the fate picker. Every fate's answers are
 * computed from the simulated server here, at build time, so the prerendered page shows the
 * default fate's real answers before any script runs and no fate waits on the simulator.
 */
export function FatePickerSlot() {
  return <Island name="fate-picker" props={fatesData()} />;
}

/**
 * "Step BullMQ's extendLocks": the BullMQ part's stepper. Its props are the installed BullMQ's
 * version and licence, as the build read them; its runs, made by the build on the simulator
 * (the same code path as the fate picker's BullMQ column), come with its lazy chunk, on request.
 */
export function BullmqSlot() {
  return <Island name="bullmq" props={{ version: bullmq.version, license: bullmq.license }} />;
}
