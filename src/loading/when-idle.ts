/**
 * Runs `task` once the browser is idle (requestIdleCallback, at the latest after `timeoutMs`),
 * or after `fallbackMs` where the browser cannot say (Safari), and answers a function that
 * cancels it.
 */
export function whenIdle(task: () => void, timeoutMs = 2000, fallbackMs = 200): () => void {
  if (typeof window === 'undefined') return () => {};
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, fallbackMs);
  return () => window.clearTimeout(id);
}
