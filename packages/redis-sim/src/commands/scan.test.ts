import { describe, expect, test } from 'vitest';
import { createServer } from '../create-server.ts';
import type { Reply } from '../trace-types.ts';

/** Runs SCAN to the end from cursor 0, doing `between` after each page; answers every key seen. */
function scanAll(server: ReturnType<typeof createServer>, count: string, between = () => {}) {
  const seen: string[] = [];
  let cursor = '0';
  let pages = 0;
  do {
    const [next, keys] = server.call(['SCAN', cursor, 'COUNT', count]) as [string, Reply[]];
    seen.push(...(keys as string[]));
    cursor = next;
    pages++;
    between();
  } while (cursor !== '0' && pages < 1000);
  return { seen, pages };
}

describe('SCAN', () => {
  test('a keyspace smaller than COUNT comes back whole with cursor 0, as on a real server', () => {
    const server = createServer();
    for (const k of ['a', 'b', 'c']) server.call(['SET', k, 'v']);
    expect(server.call(['SCAN', '0'])).toEqual(['0', ['a', 'b', 'c']]);
  });

  test('every key present for the whole iteration is returned once, whatever is deleted or added meanwhile', () => {
    const server = createServer();
    for (let i = 0; i < 50; i++) server.call(['SET', `k${i}`, 'v']);
    let n = 0;
    const { seen, pages } = scanAll(server, '7', () => {
      server.call(['DEL', `k${n * 2 + 1}`]);
      server.call(['SET', `new${n++}`, 'v']);
    });
    expect(pages).toBeGreaterThan(5);
    const stayed = Array.from({ length: 50 }, (_, i) => `k${i}`).filter(
      (k) => server.call(['EXISTS', k]) === 1,
    );
    for (const k of stayed) expect(seen.filter((s) => s === k)).toHaveLength(1);
    expect(new Set(seen).size).toBe(seen.length);
  });

  test('MATCH and TYPE filter a page after it is taken, so a page may come back empty', () => {
    const server = createServer();
    for (let i = 0; i < 20; i++) server.call(['SET', `s${i}`, 'v']);
    server.call(['HSET', 'h', 'f', 'v']);
    const first = server.call(['SCAN', '0', 'COUNT', '5', 'TYPE', 'hash']) as [string, Reply[]];
    expect(first[1]).toEqual([]);
    expect(first[0]).not.toBe('0');
  });

  test('HSCAN of a large hash pages by COUNT; a small one comes back whole', () => {
    const server = createServer();
    const fields = Array.from({ length: 600 }, (_, i) => [`f${i}`, 'v']).flat();
    server.call(['HSET', 'big', ...fields]);
    const page = server.call(['HSCAN', 'big', '0', 'COUNT', '10']) as [string, Reply[]];
    expect(page[0]).toBe('10');
    expect(page[1]).toHaveLength(20);
    server.call(['HSET', 'small', 'a', '1', 'b', '2']);
    expect(server.call(['HSCAN', 'small', '5', 'COUNT', '1'])).toEqual(['0', ['a', '1', 'b', '2']]);
  });
});
