/**
 * The light entry of the scenario: its types, presets, link codec, checks, the editor's draft of
 * a scenario, and the keys and arguments a run sends. Nothing here reaches the server, so the first load may import it;
 * `./server.ts` is the other entry, which builds a simulated server for a scenario.
 */
export { SHARE_CAPS } from './caps.ts';
export { SCRIPT_TICK_MICROS } from './clock-model.ts';
export { decodeHash, encodeHash, presetOf, withLimitMarker, withoutScript } from './codec.ts';
export type { LimitMark } from './codec.ts';
export { echoOf } from './echo.ts';
export type { SharedState } from './codec.ts';
export { queueKeys } from './keys.ts';
export {
  PRESETS,
  SEED_ID,
  builderOf,
  defaultScenario,
  liveJob,
  presetById,
  scenarioOf,
} from './presets.ts';
export type { PresetId } from './presets.ts';
export { evalshaArgs, extendsArgs, keysAndArgv } from './setup.ts';
export {
  addPairs,
  draftErrors,
  draftFromScenario,
  isDraftShape,
  scenarioFromDraft,
} from './draft.ts';
export type { Draft, DraftPair } from './draft.ts';
export { shareHash, tooLargeNotice } from './share.ts';
export type { Caller, Client, Executor, JobState, Place, RowKind, Scenario } from './types.ts';
export { validateScenario } from './validate.ts';
export {
  bullmqExtendLockArgs,
  bullmqExtendLocksArgs,
  bullmqKeys,
  bullmqScenario,
  bullmqSetupCommands,
  bullmqToken,
  holdsLock,
  packStrings,
  unpackStrings,
} from './bullmq.ts';
export type { BullmqKeys } from './bullmq.ts';
