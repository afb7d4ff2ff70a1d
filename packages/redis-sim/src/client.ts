/**
 * The light entry of the simulator (`@batch-lease/redis-sim/client`): what code may import
 * without pulling in the server, its commands or the Lua engine. It holds the reply and trace
 * types, the error replies' texts and predicates (a busy script's among them), redis-cli's rendering of commands and
 * replies, Redis's `%.17g` double formatting, SHA1, and the byte-text helpers a client needs.
 * A page loads this eagerly and the full entry (`@batch-lease/redis-sim`) lazily; the
 * dependency rules check that this entry never reaches the server.
 */
export type * from './trace-types.ts';
export { GENERAL_STEP_FIELDS, GENERAL_STEP_KINDS } from './trace-types.ts';
export { PackedTrace, packedTraceOf } from './trace-store.ts';
export type { PackedTraceData } from './trace-store.ts';
export { NOSCRIPT, WRONGTYPE, isError, isIntegerReply } from './errors.ts';
export type { ErrorReply } from './errors.ts';
export { formatDouble, formatG } from './format-double.ts';
export {
  cliLineCount,
  eachCliLine,
  formatCliCommand,
  formatCliOutput,
  formatCliReply,
  LongBulkLines,
  printsRaw,
  quoteBulk,
  quoteBulkStart,
  lastQuotedLength,
} from './redis-cli.ts';
export { splitArgs } from './redis-cli-split.ts';
export { FSI, PDI, formatCharsShown, isolate, visibleText } from './visible-text.ts';
export type { SplitResult } from './redis-cli-split.ts';
export { sha1Hex } from './sha1.ts';
export { utf8Length } from './byte-order.ts';
export { bytesOfText, isByteEscape, textOfBytes } from './byte-text.ts';
export { commandCapText, secondsText, simulatorStopOf } from './stop-texts.ts';
export { busyText, killCommand, scriptKilledText } from './busy-texts.ts';
export type { BusyKind } from './busy-texts.ts';
export type { CommandCapReason, SimulatorStopKind } from './stop-texts.ts';
