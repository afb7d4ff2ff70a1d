/**
 * The interactive parts' homes on the page. Server-only (the client bundle imports only the
 * islands' components): this is where the build runs the simulated server, so each island's
 * props carry what the simulation answered and the browser need not run it to show them.
 */
import { buildFateAnswers, type FateAnswersData } from '../fates/index.ts';
import { prerenderRuns } from '../stepper/prerender.ts';
import type { PrerenderedRunJSON } from '../stepper/index.ts';
import { defaultScenario } from '../scenario/index.ts';
import { Island } from './island.tsx';
import { pageWords } from '../../content/page.ts';
import { bullmq } from 'virtual:bullmq-scripts';

/** The stepper island's props: the default scenario's runs on both executors, made by the sim. */
export function stepperIslandProps(): { prerendered: PrerenderedRunJSON[] } {
  return { prerendered: prerenderRuns(defaultScenario()) };
}

/** The fate picker island's props: every fate's answers, computed by running the sim. */
export function fatePickerIslandProps(): { answers: FateAnswersData[] } {
  return { answers: buildFateAnswers() };
}

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
      <Island name="stepper" props={stepperIslandProps()} />
    </div>
  );
}

/**
 * "A job's fate, two verbs · read both answers": the fate picker. Every fate's answers are
 * computed from the simulated server here, at build time, so the prerendered page shows the
 * default fate's real answers before any script runs and no fate waits on the simulator.
 */
export function FatePickerSlot() {
  return <Island name="fate-picker" props={fatePickerIslandProps()} />;
}

/**
 * "Step BullMQ's extendLocks": the BullMQ part's stepper. Its props are the installed BullMQ's
 * version and licence, as the build read them; its runs, made by the build on the simulator
 * (the same code path as the fate picker's BullMQ column), come with its lazy chunk, on request.
 */
export function BullmqSlot() {
  return <Island name="bullmq" props={{ version: bullmq.version, license: bullmq.license }} />;
}
