/**
 * The light entry of the scenario: its types, presets, link codec, checks and the keys and
 * arguments a run sends. Nothing here reaches the server, so the first load may import it;
 * `./server.ts` is the other entry, which builds a simulated server for a scenario.
 */
export { SHARE_CAPS, refuseGroupLength } from './caps.ts';
export { SCRIPT_TICK_MICROS } from './clock-model.ts';
export { decodeHash, encodeHash, presetOf } from './codec.ts';
export { echoOf } from './echo.ts';
export type { SharedState } from './codec.ts';
export { queueKeys } from './keys.ts';
export { PRESETS, SEED_ID, defaultScenario, liveJob, presetById, scenarioOf } from './presets.ts';
export type { PresetId } from './presets.ts';
export { evalshaArgs, extendsArgs, keysAndArgv } from './setup.ts';
export { isJobStateShape } from './shape.ts';
export { shareHash, tooLargeNotice } from './share.ts';
export type { Caller, Client, Executor, JobState, Place, RowKind, Scenario } from './types.ts';
export {
  refuseClock,
  refuseCount,
  refuseGroup,
  refuseId,
  refuseLease,
  refuseToken,
  validateScenario,
} from './validate.ts';
export {
  bullmqExtendLockArgs,
  bullmqExtendLocksArgs,
  bullmqKeys,
  bullmqScenario,
  bullmqSetupCommands,
  bullmqToken,
  holdsLock,
  packStrings,
} from './bullmq.ts';
export type { BullmqKeys } from './bullmq.ts';
