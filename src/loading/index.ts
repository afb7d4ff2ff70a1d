/**
 * Loading a lazy chunk so that a hang, a failure or a removed file ends in words and a Retry:
 * the one way the page and the embeds fetch code after the first load; `whenIdle`, which
 * puts work the first paint need not wait for (hydrating islands, prefetching the simulator,
 * writing the URL) after the browser's busy moments; and `whenLeaving`, which orders the work
 * done as the page goes away (the URL written before it is read).
 */
export {
  CHUNK_TIMEOUT_MS,
  ChunkLoadError,
  classifyImportFailure,
  describeChunkFailure,
  loadChunk,
} from './load-chunk.ts';
export {
  TRUSTED_TYPES_POLICY,
  UntrustedScriptUrlError,
  trustedScriptUrl,
  workerBootstrap,
  type ScriptUrl,
  type WorkerBootstrap,
} from './trusted-script-url.ts';
export { whenIdle } from './when-idle.ts';
export { whenLeaving, type LeavingRound } from './when-leaving.ts';
export { askServer, findFailedFile, watchRefusals } from './diagnose-chunk.ts';
export type { AskServer, Refusal } from './diagnose-chunk.ts';
