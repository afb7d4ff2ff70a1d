/**
 * The light entry of EchoMQ's model (`@batch-lease/echomq`): what a page and its islands may
 * import without loading a server. The client (key builder, id gate, the two verbs, Elixir
 * terms), the wire error classes, the native twin's reply texts, the lesson scripts' and
 * native listings' texts, SHA1s and the lines the lesson's steps stand on, and the lesson's
 * kinds of trace step (what the module adds to the simulator's general trace). The module that
 * loads into a server (the native commands, the lesson scripts' trace telling) is
 * `@batch-lease/echomq/module`.
 */
export * from './client/index.ts';
export { NATIVE_REPLIES, nativeError, nativeText } from './native/replies.ts';
export type { NativeReply, NativeReplyId, NativeVerb } from './native/replies.ts';
export {
  EXTENDS_LINES,
  EXTEND_LINES,
  EXTENDS_SOURCE,
  EXTEND_SOURCE,
} from './native/native-source.ts';
export { CHECK_ORDER, LESSON_STEP_FIELDS, LESSON_STEP_KINDS } from './scripts/lesson-trace.ts';
export type {
  Check,
  LessonEvent,
  ListingId,
  StepEvent,
  StepListing,
  TraceStep,
} from './scripts/lesson-trace.ts';
export { WIRE_CLASSES, reasonOfError, wireErrorText } from './wire-classes.ts';
export type { WireReason } from './wire-classes.ts';
export { BATCH_SOURCE, SINGLE_SOURCE, lineOf } from './scripts/lua-source.ts';
export {
  BATCH_LINES,
  BATCH_SHA,
  SINGLE_LINES,
  SINGLE_SHA,
  listingFor,
} from './scripts/lesson-scripts.ts';
