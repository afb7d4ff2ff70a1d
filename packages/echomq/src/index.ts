/**
 * The light entry of EchoMQ's model (`@batch-lease/echomq`): what a page and its islands may
 * import without loading a server. The client (key builder, id gate, the two verbs, Elixir
 * terms), the wire error classes, the native twin's reply texts, and the lesson scripts' and
 * native listings' texts, SHA1s and the lines the lesson's steps stand on. The module that
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
