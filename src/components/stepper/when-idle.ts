/**
 * Runs `task` once the browser is idle (requestIdleCallback, or a short timeout where it is
 * missing, as in Safari), and answers a function that cancels it.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window === 'undefined') return () => {};
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}
