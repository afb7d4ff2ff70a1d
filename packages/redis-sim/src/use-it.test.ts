import { expect, test } from 'vitest';
import { createServer } from './index.ts';

// the package README's "Use it" example, line for line, with what its comments say it answers
test('the README example: a SET, an EVAL that reads it, and a traced run to its reply', () => {
  const server = createServer({ now: () => Date.now() });
  expect(server.call(['SET', 'greeting', 'hello'])).toEqual({ status: 'OK' });
  expect(server.call(['EVAL', "return redis.call('GET', KEYS[1]) .. '!'", '1', 'greeting'])).toBe(
    'hello!',
  );

  const { steps, reply } = server.trace([
    'EVAL',
    'local n = 0 for i = 1, 3 do n = n + i end return n',
    '0',
  ]);
  expect(reply).toBe(6);
  // every step has the line it stands on; the loop's body is stepped once per turn
  expect(steps.length).toBeGreaterThan(3);
  expect(steps.every((step) => step.line === 1)).toBe(true);
});
