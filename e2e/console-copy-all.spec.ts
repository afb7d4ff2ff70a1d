import { expect, test } from './fixtures/test.ts';
import { send, WITHIN_LIMIT } from './fixtures/hostile.ts';
import { startRedis } from '@batch-lease/redis-sim/differential/redis-process.ts';
import { redisCli } from '../tests/differential/console-cli.ts';
import { consoleWords as T } from '../content/console.ts';

/**
 * Copy all on a cut reply: the console shows the first lines of a big reply and keeps the reply
 * in its worker, which makes the whole text only when the learner copies it. What lands on the
 * clipboard is judged against the real redis-cli printing the same line on a real redis-server.
 */

/** A script whose reply is 200,000 lines, each an integer. */
const TWO_HUNDRED_THOUSAND = 'EVAL "local t = {} for i = 1, 200000 do t[i] = i end return t" 0';

test.describe("a cut reply's Copy all", () => {
  test('puts on the clipboard exactly what redis-cli prints for a reply of 200,000 lines', async ({
    page,
    context,
    stepperConsole: c,
  }) => {
    const redis = await startRedis();
    let expected: string;
    try {
      expected = await redisCli(redis.port, [TWO_HUNDRED_THOUSAND]);
    } finally {
      await redis.stop();
    }
    // the judge's own text is the whole reply, not an error or a cut
    expect(expected.split('\n')).toHaveLength(200_001);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await c.open();
    await send(c, TWO_HUNDRED_THOUSAND);
    await expect(c.log).toContainText('200,000 lines; showing the first 10,000', WITHIN_LIMIT);
    await c.log.getByRole('button', { name: T.copyAll }).click();
    await expect(c.log.getByRole('button', { name: T.copiedAll })).toBeVisible(WITHIN_LIMIT);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    // compared whole, but told by its first differing line, not 4 MB of diff
    const lines = copied.split('\n');
    const want = expected.split('\n');
    const differs = lines.findIndex((l, i) => l !== want[i]);
    expect({ lines: lines.length, differs }).toEqual({ lines: want.length, differs: -1 });
    expect(copied === expected).toBe(true);
  });

  test('after Stop replaced the server that printed it, says the copy is gone and why', async ({
    context,
    stepperConsole: c,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await c.open();
    await c.run('EVAL "local t = {} for i = 1, 10001 do t[i] = i end return t" 0', 30_000);
    await expect(c.log).toContainText('10,001 lines; showing the first 10,000');
    // a client waiting for ever: Stop ends the line by ending its worker, and starts another
    await send(c, 'BLPOP nothing 0');
    await c.stop.click();
    await expect(c.log).toContainText('Stopped: BLPOP was waiting for ever', WITHIN_LIMIT);
    // the clipboard is the browser's, shared with tests before: it holds a mark of this one's
    await c.page.evaluate(() => navigator.clipboard.writeText('held before'));
    await c.log.getByRole('button', { name: T.copyAll }).click();
    await expect(c.log.getByRole('button', { name: T.copyGoneReplaced })).toBeVisible();
    // nothing was put on the clipboard in its place
    expect(await c.page.evaluate(() => navigator.clipboard.readText())).toBe('held before');
  });
});
