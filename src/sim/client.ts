/**
 * The light public entry of the simulator: what code outside it may import without pulling
 * in the server, its commands or the Lua engine. It holds the EchoMQ client (key builder, id
 * gate, verbs, Elixir terms), the redis-cli rendering of replies, the native twin's reply
 * texts and the trace and reply types. The page and its islands import from here; only code
 * that runs a server (and is loaded lazily) imports `sim/index.ts`. The dependency rules in
 * `.dependency-cruiser.cjs` check that this entry never reaches the server.
 */
export type * from './trace-types.ts';
export { LESSON_STEP_KINDS } from './trace-types.ts';
export * from './echomq/index.ts';
export { isError, isIntegerReply } from './errors.ts';
export type { ErrorReply } from './errors.ts';
export { formatDouble, formatG } from './format-double.ts';
export { formatCliCommand, formatCliOutput, formatCliReply, quoteBulk } from './redis-cli.ts';
export { splitArgs } from './redis-cli-split.ts';
export type { SplitResult } from './redis-cli-split.ts';
export { NATIVE_REPLIES, nativeError, nativeText } from './native/replies.ts';
export type { NativeReply, NativeReplyId, NativeVerb } from './native/replies.ts';
export { WIRE_CLASSES, reasonOfError, wireErrorText } from './wire-classes.ts';
export type { WireReason } from './wire-classes.ts';
export { bytesOfText, textOfBytes } from './byte-text.ts';
