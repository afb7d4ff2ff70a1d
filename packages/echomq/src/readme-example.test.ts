import { expect, test } from 'vitest';
import { createServer } from '@batch-lease/redis-sim';
import { connector, extendLocks, renderOutcome } from './index.ts';
import { echomqModule } from './module.ts';

// the package README's example, line for line, with what its comments say it answers
test('the README example: two leases held, one re-scored, one collected in failed, on both wires', () => {
  const server = createServer({ now: () => 1_700_000_000_000, modules: [echomqModule()] });
  server.call(['HSET', 'emq:{q}:job:A', 'attempts', '1']);
  server.call(['ZADD', 'emq:{q}:active', '0', 'A']);
  server.call(['ZADD', 'emq:{q}:active', '0', 'B']); // B's row is gone

  const held = [
    ['A', 1],
    ['B', 1],
  ] as const;
  const scripted = extendLocks(connector(server), 'q', held, 30_000);
  expect(renderOutcome(scripted.outcome)).toBe('{:ok, ["B"]}');
  expect(scripted.sent.map((args) => args[0])).toEqual(['EVALSHA', 'SCRIPT', 'EVALSHA']);

  const native = extendLocks(connector(server, 6), 'q', held, 30_000);
  expect(renderOutcome(native.outcome)).toBe('{:ok, ["B"]}');
  expect(native.sent).toEqual([
    ['EMQ.EXTENDS', '2', 'emq:{q}:active', 'emq:{q}:', '30000', 'A', '1', 'B', '1'],
  ]);
  expect(server.call(['ZSCORE', 'emq:{q}:active', 'A'])).toBe('1700000030000');
  // the native run stamped the extended row (the script writes no such field)
  expect(server.call(['HEXISTS', 'emq:{q}:job:A', 'lease_epoch'])).toBe(1);
});
