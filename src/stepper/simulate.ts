/**
 * The stepper's heavy entry: a trace source that runs a scenario on the simulated server, and
 * the compile check of an edited script. Load it lazily (through loadChunk); the types it
 * names are in `./index.ts` too.
 */
export { STEPPER_RUN_ID, checkScript, createSimTraceSource } from './runs/trace-source.ts';
export {
  BULLMQ_EXTEND_LOCK,
  BULLMQ_EXTEND_LOCKS,
  BULLMQ_PACKAGE,
  heldVerdict,
  runBullmq,
} from './runs/bullmq-run.ts';
export type {
  BullmqKey,
  BullmqKeyspace,
  BullmqRun,
  BullmqScript,
  HeldVerdict,
} from './runs/bullmq-run.ts';
