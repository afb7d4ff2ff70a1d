import { describe, expect, test } from 'vitest';
import { createServer } from '../create-server.ts';

/**
 * A string grown to a big offset, as a real server grows one (sdsgrowzero): the answer comes in
 * the time of a memory fill, not of a walk over every byte. Before, SETRANGE at 10,000,000 took
 * seconds, and at 100,000,000 ran past this file's time limit; the texts are the differential
 * suite's business (test/differential/string-range.test.ts), the sizes this file's.
 */
describe('strings at big offsets', () => {
  test('SETRANGE, APPEND, STRLEN and GETRANGE at 100,000,000 bytes answer', () => {
    const server = createServer();
    // room for the writes after the first (maxmemory is checked before each)
    server.call(['CONFIG', 'SET', 'maxmemory', '256mb']);
    expect(server.call(['SETRANGE', 'k', '100000000', 'x'])).toBe(100_000_001);
    expect(server.call(['SETRANGE', 'k', '100000000', 'y'])).toBe(100_000_001);
    expect(server.call(['APPEND', 'k', 'z'])).toBe(100_000_002);
    expect(server.call(['STRLEN', 'k'])).toBe(100_000_002);
    expect(server.call(['GETRANGE', 'k', '99999999', '-1'])).toBe('\0yz');
  });

  test("past the simulator's 256 MB a string is refused in plain words, not made", () => {
    const server = createServer();
    expect(server.call(['SETRANGE', 'k', '300000000', 'x'])).toEqual({
      error:
        'ERR the simulator makes strings of at most 268435456 bytes (256 MB): SETRANGE would ' +
        'make a longer one, which a real server makes up to 512 MB',
    });
    expect(server.call(['EXISTS', 'k'])).toBe(0);
  });
});
