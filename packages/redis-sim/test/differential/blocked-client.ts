/**
 * A real client sent a blocking command (BLPOP, BZPOPMIN, …): whether it was answered or is
 * blocked, and how to move it on, seen from a second client of the same server. Every wait here
 * asks the server again until it knows, never by a time limit, so a slow machine only slows it.
 */
import type { RespClient, Wire } from './resp-client.ts';

/** One command on `c`, and its reply. */
export const one = async (c: RespClient, cmd: readonly string[]): Promise<Wire> =>
  (await c.pipeline([cmd]))[0] ?? null;

/** Whether the real client `id` is blocked now (CLIENT LIST's flag `b`), asked by `watcher`. */
export async function isBlocked(watcher: RespClient, id: string): Promise<boolean> {
  const line = await one(watcher, ['CLIENT', 'LIST', 'ID', id]);
  const text = typeof line === 'string' ? line : JSON.stringify(line);
  return /\bflags=[A-Za-z]*b/.test(text);
}

/** Waits until either `reply` has come or the client `id` shows as blocked, whichever is first. */
export async function answeredOrBlocked(
  watcher: RespClient,
  reply: Promise<unknown>,
  id: string,
): Promise<'answered' | 'blocked'> {
  let answered = false;
  void reply.then(
    () => (answered = true),
    () => (answered = true),
  );
  for (;;) {
    if (answered) return 'answered';
    if (await isBlocked(watcher, id)) return 'blocked';
    await new Promise((r) => setTimeout(r, 2));
  }
}

/**
 * After the server's clock was moved: one command of the watcher's, so the server has been
 * round its event loop (whose beforeSleep times blocked clients out) with the clock as it is now.
 */
export async function aroundTheLoop(watcher: RespClient): Promise<void> {
  await one(watcher, ['PING']);
}

/** Ends the client's wait as its timeout would (CLIENT UNBLOCK … TIMEOUT). */
export async function unblock(watcher: RespClient, id: string): Promise<void> {
  await one(watcher, ['CLIENT', 'UNBLOCK', id, 'TIMEOUT']);
}
