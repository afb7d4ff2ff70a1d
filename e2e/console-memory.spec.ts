import { expect, test } from './fixtures/test.ts';

/**
 * The console's keyspace is bounded as a server with maxmemory bounds it: a script or a loop of
 * lines that fills it past the default 64mb ends with the real server's OOM answer for the next
 * write, the tab survives, and the console still answers (reads, DEL, PING).
 */
const OOM = "(error) OOM command not allowed when used memory > 'maxmemory'.";

test.describe('the console’s keyspace memory', () => {
  test('a script filling the keyspace past maxmemory: the next write is refused, the console works on', async ({
    stepperConsole: c,
  }) => {
    await c.open();
    await c.run('CONFIG GET maxmemory');
    await expect(c.lastRow('output')).toHaveText('2) "67108864"');
    // a script that starts under the limit may write past it, as on a real server
    await c.run(
      `EVAL "for i = 1, 70 do redis.call('SET', 'k' .. i, string.rep('x', 1000000)) end return 70" 0`,
      30_000,
    );
    // its reply stands above the 70 keys it wrote: the log is read back to it
    await c.scrollBackTo(c.log.locator('[data-kind="output"]', { hasText: /^\(integer\) 70$/ }));
    await c.run('SET one more');
    await expect(c.lastRow('output')).toHaveText(OOM);
    await c.run('PING');
    await expect(c.lastRow('output')).toHaveText('PONG');
    await c.run('STRLEN k70');
    await expect(c.lastRow('output')).toHaveText('(integer) 1000000');
    await c.run('FLUSHALL');
    await c.run('SET one more');
    await expect(c.lastRow('output')).toHaveText('OK');
  });

  test('a repeated line filling a small maxmemory ends with the OOM answer', async ({
    stepperConsole: c,
  }) => {
    await c.open();
    await c.run('CONFIG SET maxmemory 2mb');
    await c.run(`100 EVAL "return redis.call('RPUSH', 'l', string.rep('y', 100000))" 0`, 30_000);
    await expect(c.lastRow('output')).toHaveText(
      new RegExp(OOM.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
    await c.run('PING');
    await expect(c.lastRow('output')).toHaveText('PONG');
    await c.run('LLEN l');
    await expect(c.lastRow('output')).not.toHaveText('(integer) 100');
  });
});
