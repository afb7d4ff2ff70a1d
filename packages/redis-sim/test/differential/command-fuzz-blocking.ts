/**
 * The command fuzzer's way with a blocking command (BLPOP, BRPOP, BLMOVE, BRPOPLPUSH, BLMPOP,
 * BZPOPMIN, BZPOPMAX, BZMPOP): it is sent to both sides; when the simulator answers at once, so
 * must the real server; when the simulator leaves its client waiting, the real client must be
 * blocked too, and the wait is ended as it ends for a lone client: both clocks move just past
 * the simulator's deadline (which times the real client out), or, for a wait for ever, the real
 * client is released as its timeout would release it (CLIENT UNBLOCK … TIMEOUT). A real client
 * blocked where the simulator answered is released and reported.
 */
import type { SimServer } from '../../src/index.ts';
import { aroundTheLoop, answeredOrBlocked, isBlocked, unblock } from './blocked-client.ts';
import { simCall } from './lua-sides.ts';
import type { RespClient, Wire } from './resp-client.ts';

/** The blocking commands, upper-cased. */
export const BLOCKING = new Set([
  'BLPOP',
  'BRPOP',
  'BLMOVE',
  'BRPOPLPUSH',
  'BLMPOP',
  'BZPOPMIN',
  'BZPOPMAX',
  'BZMPOP',
]);

/** What the fuzzer lends the blocking path: both sides, a second real client, the clocks. */
export interface BlockingSides {
  real: RespClient;
  /** a second client of the real server, which watches the first and moves it on */
  watcher: RespClient;
  /** the first client's CLIENT ID */
  realId: string;
  sim: SimServer;
  /** moves both clocks to `ms` (the real client may be blocked: nothing is sent through it) */
  moveClock(ms: number): void;
}

/** Both sides' replies to one blocking command, and a line saying how its wait ended. */
export async function sendBlocking(
  s: BlockingSides,
  cmd: readonly string[],
): Promise<{ real: Wire; sim: Wire; wait: string }> {
  // a connection of its own, so its wait is readable (the fuzzer sends nothing per connection)
  const conn = s.sim.connect();
  const sim = simCall({ call: (a) => conn.call(a), setClock: (ms) => s.sim.setClock(ms) }, cmd);
  const wait = conn.takeBlocked();
  const pending = s.real.pipeline([cmd]).then((r) => r[0] ?? null);
  const how = await answeredOrBlocked(s.watcher, pending, s.realId);
  if (how === 'answered') {
    return {
      real: await pending,
      sim,
      wait: wait ? 'the simulator waited, the real one did not' : '',
    };
  }
  if (wait === null) {
    await unblock(s.watcher, s.realId);
    return { real: await pending, sim, wait: 'the real server waited, the simulator did not' };
  }
  if (wait.until === null) {
    await unblock(s.watcher, s.realId);
    return { real: await pending, sim, wait: '(waited for ever, released)' };
  }
  s.moveClock(wait.until);
  await aroundTheLoop(s.watcher);
  if (!(await isBlocked(s.watcher, s.realId))) {
    return { real: await pending, sim, wait: 'the real server ended the wait before the deadline' };
  }
  s.moveClock(wait.until + 1);
  await aroundTheLoop(s.watcher);
  return { real: await pending, sim, wait: `(waited until ${wait.until} ms)` };
}
