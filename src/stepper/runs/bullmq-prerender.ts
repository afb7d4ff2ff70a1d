/**
 * Build time only: the BullMQ part's runs, made on the simulated server exactly as the browser
 * made them on request before (`runBullmq`, and the stepper's trace source for EchoMQ's script
 * in the compare view), for each of its fixed scenarios. The build serves them as
 * `virtual:bullmq-runs` (scripts/vite-plugin-bullmq-runs.ts), so the page steps them without the
 * simulator.
 */
import { BULLMQ_SCENARIO_IDS } from '../../../content/bullmq.ts';
import { bullmqScenario } from '../../scenario/index.ts';
import { runBullmq } from './bullmq-run.ts';
import { bullmqRunToJSON, type BullmqRunsJSON } from './bullmq-run-json.ts';
import { createSimTraceSource } from './trace-source.ts';

/** BullMQ's extendLocks and EchoMQ's script on each BullMQ scenario, in their JSON form. */
export function prerenderBullmqRuns(): BullmqRunsJSON {
  const source = createSimTraceSource();
  const entries = BULLMQ_SCENARIO_IDS.map((id) => {
    const scenario = bullmqScenario(id);
    const echo = source(scenario, 'script');
    const echoReply = echo.status === 'ready' ? echo.reply : { error: echo.reason };
    return [id, { bullmq: bullmqRunToJSON(runBullmq(scenario)), echoReply }] as const;
  });
  return Object.fromEntries(entries) as BullmqRunsJSON;
}
