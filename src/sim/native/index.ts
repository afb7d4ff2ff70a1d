import type { CommandSpec } from '../commands/types.ts';
import { emqExtend } from './extend.ts';
import { emqExtends } from './extends.ts';

export { NATIVE_REPLIES, nativeError, nativeText } from './replies.ts';
export type { NativeReply, NativeReplyId, NativeVerb } from './replies.ts';
export { EXTENDS_LINES, EXTEND_LINES, EXTENDS_SOURCE, EXTEND_SOURCE } from './native-source.ts';

/** The native module's commands: EMQ.EXTENDS and EMQ.EXTEND. */
export const NATIVE_COMMANDS: readonly CommandSpec[] = [emqExtends, emqExtend];
