import { describe, expect, test } from 'vitest';
import { createServer } from '../create-server.ts';
import { DRAW_LIMIT } from './random-draws.ts';

/** A server holding a set, a hash and a sorted set of three members each. */
function filled() {
  const server = createServer();
  server.call(['SADD', 's', 'a', 'b', 'c']);
  server.call(['HSET', 'h', 'a', '1', 'b', '2', 'c', '3']);
  server.call(['ZADD', 'z', '1', 'a', '2', 'b', '3', 'c']);
  return server;
}

const DRAWS = [
  ['SRANDMEMBER', 's'],
  ['HRANDFIELD', 'h'],
  ['ZRANDMEMBER', 'z'],
] as const;

describe('a random draw with a count', () => {
  test.each(DRAWS)('%s draws with repeats up to the limit, members of the key', (name, key) => {
    const reply = filled().call([name, key, String(-DRAW_LIMIT)]);
    expect(Array.isArray(reply) && reply.length).toBe(DRAW_LIMIT);
    expect(new Set(reply as string[])).toEqual(new Set(['a', 'b', 'c']));
  });

  test.each(DRAWS)('%s past the limit answers an error that names it, not a reply', (name, key) => {
    expect(filled().call([name, key, String(-(DRAW_LIMIT + 1))])).toEqual({
      error: `ERR the simulator draws at most ${DRAW_LIMIT} members in one ${name}`,
    });
    expect(filled().call([name, key, '-1000000000000000'])).toEqual({
      error: `ERR the simulator draws at most ${DRAW_LIMIT} members in one ${name}`,
    });
  });
});
