import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { createServer } from '../create-server.ts';

/**
 * A script's strings go back to the simulator's text as they leave the engine (a command's
 * arguments, the reply), and the last long one converted is remembered, so a reply naming it
 * thousands of times does not read it thousands of times. Once the run is over nothing may keep
 * such a string alive: a script that built a big string and handed it to a command, then ended,
 * must leave the heap as it found it, or the page holds that memory until some later script
 * converts another string.
 */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const MB = 1024 * 1024;

/** The heap in use after `script` has run on `server` and a full collection. */
function heapAfter(server: ReturnType<typeof createServer>, script: string): number {
  expect(server.call(['EVAL', script, '0'])).not.toHaveProperty('error');
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

describe('the strings a run converted', () => {
  test.each([
    ['of 64 MB of ASCII', "string.rep('x', 64 * 1024 * 1024)"],
    ['of 4 MB with bytes past ASCII', "string.rep('\\195\\169', 2 * 1024 * 1024)"],
  ])('are not kept once it has ended: a string %s', (_name, built) => {
    const server = createServer();
    // warmed up, so the baseline holds the engine and the compile caches already
    heapAfter(server, "local s = string.rep('y', 8192) redis.call('EXISTS', s) return 1");
    const before = heapAfter(
      server,
      "local s = string.rep('y', 8192) redis.call('EXISTS', s) return 2",
    );
    const after = heapAfter(server, `local s = ${built} redis.call('EXISTS', s) return #s`);
    expect((after - before) / MB).toBeLessThan(16);
  });
});
