/**
 * A full collection for a heap measure, when node runs with --expose-gc (undefined without):
 * twice, since a second collection clears what the first only unlinked (weak maps' entries).
 */
export function fullGc(): (() => void) | undefined {
  const v8gc = (globalThis as { gc?: () => void }).gc;
  return v8gc
    ? () => {
        v8gc();
        v8gc();
      }
    : undefined;
}
