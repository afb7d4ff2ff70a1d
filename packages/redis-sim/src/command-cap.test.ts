import { describe, expect, test } from 'vitest';
import { createServer } from './create-server.ts';
import { dumpKeyspace } from './dump.ts';
import { commandCapText, simulatorStopOf } from './stop-texts.ts';
import type { SimServer } from './server.ts';

/**
 * A server that caps one command's work (`commandWorkCap`, set where it runs on a page's own
 * thread, which nothing can interrupt) refuses a command that would do more, before it writes
 * anything: the refusal says so in plain words, the keyspace stands as it was, a script that
 * sent the command ends there (pcall cannot catch it), and a command under the cap runs as ever.
 */
const CAP = 1_000;

const members = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

/** A capped server with two sets of 600 members (a union of both is 1,200 elements of work). */
function capped(): SimServer {
  const server = createServer({});
  server.call(['SADD', 'a', ...members('a', 600)]);
  server.call(['SADD', 'b', ...members('b', 600)]);
  server.call(['SET', 's1', 'ab'.repeat(40)]);
  server.call(['SET', 's2', 'ba'.repeat(40)]);
  server.commandWorkCap = CAP;
  return server;
}

const refused = (name: string) => ({ error: commandCapText(name, CAP, 'page-thread') });

describe('a command past its server’s cap on one command’s work', () => {
  test('is refused in plain words, having written nothing', () => {
    const server = capped();
    const before = dumpKeyspace(server.keyspace);
    expect(server.call(['SUNIONSTORE', 'd', 'a', 'b'])).toEqual(refused('sunionstore'));
    // its 600 elements are under the cap, its comparisons take it past: counted before STORE
    expect(server.call(['SORT', 'a', 'ALPHA', 'STORE', 'd'])).toEqual(refused('sort'));
    // LCS's table of 80 × 80 cells is 1,600 steps of work, over the cap
    expect(server.call(['LCS', 's1', 's2', 'LEN'])).toEqual(refused('lcs'));
    expect(dumpKeyspace(server.keyspace)).toEqual(before);
    expect(commandCapText('sunionstore', CAP, 'page-thread')).toMatch(
      /^ERR the simulator did not run SUNIONSTORE here: it would read or write over 1,000 elements, .* Nothing was written\. .*use smaller keys\.$/,
    );
    expect(simulatorStopOf(commandCapText('lcs', CAP, 'page-thread'))).toBe('command');
  });

  test('under the cap a command runs as on any server', () => {
    const server = capped();
    expect(server.call(['SADD', 'c', ...members('c', 100)])).toBe(100);
    expect(server.call(['SUNIONSTORE', 'd', 'c', 'c'])).toBe(100);
    expect(server.call(['SCARD', 'd'])).toBe(100);
  });

  test('sent by a script, it ends the script there, whatever pcall would catch', () => {
    const server = capped();
    const script =
      "redis.call('SET', 'first', 1) redis.pcall('SUNIONSTORE', 'd', 'a', 'b') " +
      "redis.call('SET', 'after', 1) return 'done'";
    expect(server.call(['EVAL', script, '0'])).toEqual(refused('sunionstore'));
    expect(server.call(['EXISTS', 'first', 'd', 'after'])).toBe(1);
  });

  test('a push or a pop at the left of a list longer than the cap runs, as at its right', () => {
    const server = capped();
    server.call(['RPUSH', 'l', ...members('e', 1_200)]);
    // a list is a ring: an element taken from or put on either end moves none of the others
    expect(server.call(['LPOP', 'l'])).toBe('e0');
    expect(server.call(['BLPOP', 'l', '0'])).toEqual(['l', 'e1']);
    expect(server.call(['LMPOP', '1', 'l', 'LEFT', 'COUNT', '2'])).toEqual(['l', ['e2', 'e3']]);
    expect(server.call(['BLMOVE', 'l', 'd', 'LEFT', 'RIGHT', '0'])).toBe('e4');
    expect(server.call(['LPUSH', 'l', 'x'])).toBe(1_196);
    expect(server.call(['LMOVE', 'l', 'l', 'RIGHT', 'LEFT'])).toBe('e1199');
    expect(server.call(['LRANGE', 'l', '0', '2'])).toEqual(['e1199', 'x', 'e5']);
    expect(server.call(['RPOP', 'l'])).toBe('e1198');
  });

  test('queued in a transaction, it is that command’s reply, as the keyspace’s ceiling is', () => {
    const server = capped();
    const conn = server.connect();
    conn.call(['MULTI']);
    conn.call(['SET', 'x', '1']);
    conn.call(['SUNION', 'a', 'b']);
    conn.call(['SET', 'y', '2']);
    expect(conn.call(['EXEC'])).toEqual([{ status: 'OK' }, refused('sunion'), { status: 'OK' }]);
  });

  test('a refused read by rank leaves a sorted set’s order to be mended, and mended right after', () => {
    const server = createServer({});
    server.call(['ZADD', 'z', ...members('m', 1_500).flatMap((m, i) => [String(-i), m])]);
    server.commandWorkCap = CAP;
    expect(server.call(['ZRANGE', 'z', '0', '0'])).toEqual(refused('zrange'));
    server.commandWorkCap = Infinity;
    expect(server.call(['ZRANGE', 'z', '0', '1'])).toEqual(['m1499', 'm1498']);
  });

  test('under a time limit that cannot cut a command short, the refusal says so, and what a real server does', () => {
    const server = capped();
    server.commandCapReason = 'time-limit';
    const text = commandCapText('sunionstore', CAP, 'time-limit');
    expect(server.call(['SUNIONSTORE', 'd', 'a', 'b'])).toEqual({ error: text });
    expect(server.call(['EXISTS', 'd'])).toBe(0);
    expect(text).toMatch(
      /^ERR the simulator did not run SUNIONSTORE here: it would read or write over 1,000 elements, .*cannot cut a command short.* Nothing was written\. A real server would run it to its end, however long, .*use smaller keys\.$/,
    );
    expect(text).not.toContain('page');
    expect(simulatorStopOf(text)).toBe('command');
    // a copy (the console's second client stands in with one) says the same
    expect(server.clone().call(['SUNION', 'a', 'b'])).toEqual({
      error: commandCapText('sunion', CAP, 'time-limit'),
    });
  });
});
