import { PageAxe } from './fixtures/axe.ts';
import { inEitherTheme, SCHEMES } from './fixtures/themes.ts';
import { expect, test } from './fixtures/test.ts';

import { SEED_ID } from '../src/scenario/presets.ts';
/** SHA1 of packages/echomq/lua/extend_locks2.lua, as SCRIPT LOAD answers it */
const BATCH_SHA = '5c7ee28b06252ea9fcf6ff111226a1b53096d426';
const PAIRS = `emq:{q}:active emq:{q}: 30000 ${SEED_ID} 1`;

test.describe('the console', () => {
  test('answers as redis-cli on the server at the step shown, and resets to another step', async ({
    stepperConsole: c,
    problems,
  }) => {
    await c.open();
    await expect(c.origin).toContainText('step 0 of 40 (before the run)');
    await c.run(`ZSCORE emq:{q}:active ${SEED_ID}`);
    await expect(c.lastRow('output')).toHaveText('"1764504004250"');
    await c.run('HSET emq:{q}:job:X attempts 1');
    await expect(c.lastRow('change')).toHaveText('+ "emq:{q}:job:X" created (hash)');
    await c.stepper.last();
    await c.resetTo(40);
    await expect(c.origin).toContainText('step 40 of 40 (after the run)');
    await c.run(`ZSCORE emq:{q}:active ${SEED_ID}`);
    await expect(c.lastRow('output')).toHaveText('"1764504030250"');
    await c.run('EXISTS emq:{q}:job:X');
    await expect(c.lastRow('output')).toHaveText('(integer) 0');
    expect(problems.warnings).toEqual([]);
  });

  test('keeps history across a reload, completes with Tab, and replays a shared link', async ({
    page,
    browser,
    stepperConsole: c,
    stepperConsoleOn,
  }) => {
    await c.open();
    await c.run('SET counter 41');
    await c.run('INCR counter');
    await expect(c.lastRow('output')).toHaveText('(integer) 42');
    const shared = page.url();
    expect(shared).toContain('console=');

    await page.reload();
    await c.open(shared);
    await c.input.press('ArrowUp');
    await expect(c.input).toHaveValue('INCR counter');
    await c.input.fill('zpopm');
    await c.input.press('Tab');
    await expect(c.input).toHaveValue('ZPOPMAX');
    await c.input.press('Tab');
    await expect(c.input).toHaveValue('ZPOPMIN');

    // a fresh browser with the link: the console opens and replays the typed lines
    const other = await browser.newPage();
    const d = stepperConsoleOn(other);
    await other.goto(shared);
    await expect(d.input).toBeVisible();
    await expect(d.log).toContainText('(integer) 42');
    await other.close();
  });

  test('AUTH as the read-only user: NOPERM from EMQ.EXTENDS, the script served', async ({
    stepperConsole: c,
  }) => {
    await c.open();
    await c.run('AUTH reader anything');
    await expect(c.lastRow('output')).toHaveText('OK');
    await c.run(`EMQ.EXTENDS 2 ${PAIRS}`);
    await expect(c.lastRow('output')).toHaveText(/^\(error\) NOPERM /);
    // the batch script, served to the same user: the seed's live lease extends, nothing failed
    await c.run(`EVALSHA ${BATCH_SHA} 2 ${PAIRS}`);
    await expect(c.lastRow('output')).toHaveText('(empty array)');
    await c.run('ACL WHOAMI');
    await expect(c.lastRow('output')).toHaveText('"reader"');
  });

  test('a 10,000-line output is windowed and the console stays usable', async ({
    stepperConsole: c,
  }) => {
    await c.open();
    // a real wait: ten thousand commands run and print before the log grows
    await c.run('10000 RPUSH big x', 60_000);
    await expect(c.lastRow('change')).toHaveText('+ "big" created (list)');
    expect(Number(await c.log.getAttribute('data-lines'))).toBeGreaterThan(10_000);
    expect(await c.renderedRows.count()).toBeLessThan(100);
    await c.log.evaluate((el) => (el.scrollTop = 0));
    await expect(c.renderedRows.first()).toContainText('Connected to the simulated');
    await c.run('LLEN big');
    await expect(c.lastRow('output')).toHaveText('(integer) 10000');
  });

  test('bad input: unbalanced quotes, a 1 MB line and control characters get a clear line, and nothing typed is lost', async ({
    stepperConsole: c,
  }) => {
    await c.open();
    await c.run('SET a "unclosed');
    await expect(c.lastRow('output')).toHaveText('Invalid argument(s)');
    const huge = `SET big ${'x'.repeat(1024 * 1024)}`;
    await c.input.fill(huge);
    await c.input.press('Enter');
    await expect(c.lastRow('refused')).toContainText('This line is 1,048,584 bytes');
    expect((await c.input.inputValue()).length).toBe(huge.length);
    await c.input.fill('SET a \u0001b');
    await c.input.press('Enter');
    await expect(c.lastRow('refused')).toContainText('control character U+0001');
    await expect(c.input).toHaveValue('SET a \u0001b');
  });

  test('exports the keyspace and the lesson’s SCRIPT LOAD as redis-cli commands', async ({
    page,
    context,
    stepperConsole: c,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await c.open();
    await c.run('SET "two words" "a\\"b"');
    await c.copyExport();
    await expect(c.stepper.root.getByText('were copied as redis-cli commands')).toBeVisible();
    const text = await page.evaluate(() => navigator.clipboard.readText());
    expect(text).toMatch(new RegExp(`^ZADD emq:\\{q\\}:active .*1764504004250 ${SEED_ID}`, 'm'));
    expect(text).toContain('SET "two words" "a\\"b"');
    expect(text).toMatch(/^SCRIPT LOAD "/m);
  });

  test('axe finds nothing in the open console with output, in either theme', async ({
    page,
    stepperConsole: c,
  }) => {
    // a test's time for each theme's analysis
    test.setTimeout(SCHEMES.length * test.info().timeout);
    await c.open();
    await c.run('HSET h f "a b"');
    await c.run('HGETALL h');
    await c.run('GET "open');
    await c.run('XADD s * f v');
    await c.run('NOSUCH');
    // each theme with the console as it is, its lines never typed twice (fixtures/themes.ts)
    await inEitherTheme(page, async (scheme) => {
      const results = await new PageAxe({ page })
        .include('[data-testid="console-drawer"]')
        .inScheme(scheme)
        .analyze();
      expect(
        results.violations.map((v) => `${scheme} · ${v.id}: ${v.nodes.length} node(s) — ${v.help}`),
      ).toEqual([]);
    });
  });
});
