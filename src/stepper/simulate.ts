/**
 * The stepper's heavy entry: a trace source that runs a scenario on the simulated server, the
 * compile check of an edited script, and BullMQ's script run on the scenario mirrored into its
 * keys. Load it lazily (through loadChunk); the types it names are in `./index.ts` too.
 */
export { STEPPER_RUN_ID, checkScript, createSimTraceSource } from './runs/trace-source.ts';
export { BULLMQ_EXTEND_LOCKS, runBullmq } from './runs/bullmq-run.ts';
export { heldVerdict, type HeldVerdict } from './runs/held-verdict.ts';
