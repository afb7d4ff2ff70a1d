import { expect, test } from './fixtures/test.ts';
import { holdBack } from './fixtures/hold.ts';
import { openConsoleOnPage } from './fixtures/worker-gone.ts';

// What a learner types in the console outlives the line only where it is safe: in the hash
// (never sent to a server), never with a password, and in one history every tab adds to.

const SECRET = 's3cret-Pa55';

/** A `console=` value as src/console/share.ts writes one: base64url of `[step, lines]`. */
const linkValue = (step: number, lines: string[]) =>
  Buffer.from(JSON.stringify([step, lines])).toString('base64url');
const PASSWORD_LINES = [
  `AUTH reader ${SECRET}`,
  `HELLO 2 AUTH reader ${SECRET}`,
  `ACL SETUSER mallory on >${SECRET} ~* +@all`,
  `CONFIG SET requirepass ${SECRET}`,
];

test.describe('the console’s typed lines', () => {
  test('a password line runs but enters neither the link, the history nor the Embed snippet', async ({
    page,
    stepperConsole: c,
  }) => {
    await c.open('/#stepper?preset=default&x=script&k=2');
    await c.run('SET mine 1');
    for (const line of PASSWORD_LINES) {
      await c.run(line);
      await expect(c.log).toContainText('That line carries a password');
    }
    await c.run('GET mine');
    const url = new URL(page.url());
    // typed lines travel in the hash, after the stepper's state; the query carries none
    expect(url.search).toBe('');
    expect(url.hash).toMatch(/^#stepper\?preset=default&x=script&k=2&console=[\w-]+$/);
    const linkLines = await page.evaluate(() => {
      const v = new URLSearchParams(location.hash.slice(location.hash.indexOf('?'))).get(
        'console',
      )!;
      return JSON.parse(atob(v.replace(/-/g, '+').replace(/_/g, '/'))) as [number, string[]];
    });
    expect(linkLines).toEqual([2, ['SET mine 1', 'GET mine']]);
    const history = await page.evaluate(() => localStorage.getItem('emq-console-history') ?? '');
    expect(history).toContain('GET mine');
    expect(history).not.toContain(SECRET);
    // ↑ walks over the password lines as if they were never typed
    await c.input.press('ArrowUp');
    await expect(c.input).toHaveValue('GET mine');
    await c.input.press('ArrowUp');
    await expect(c.input).toHaveValue('SET mine 1');
    await c.input.fill('');

    await c.drawer.getByRole('button', { name: 'Embed', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('replay the 2 commands typed so far')).toBeChecked();
    for (const field of [/^Iframe/, /^Custom element/]) {
      const snippet = await dialog.getByLabel(field).inputValue();
      expect(snippet).toContain('console=');
      expect(snippet).not.toContain('?console=');
      const values = [...snippet.matchAll(/console=(?:&quot;)?"?([\w-]+)/g)].map((m) => m[1]!);
      for (const v of values) expect(Buffer.from(v, 'base64url').toString()).not.toContain(SECRET);
    }
  });

  test('an old link with ?console= replays, and its lines move into the hash', async ({
    page,
    stepperConsole: c,
  }) => {
    const value = linkValue(0, ['SET counter 41', 'INCR counter']);
    // an old link carried its lines in the query, passwords included; built here by hand
    const old = linkValue(0, ['SET counter 41', `AUTH ${SECRET}`, 'INCR counter']);
    await c.open(`/?console=${old}`);
    await expect(c.log).toContainText('(integer) 42');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).hash).toBe(`#console=${value}`);
  });

  test('a line sent before the worker has started is kept by a page left before its answer', async ({
    page,
    stepperConsole: c,
  }) => {
    // the simulator's worker is slow to start: its file (asked for by the stepper and the
    // console alike) does not come until the learner has left
    // (the first visit's request is gone with its page by then)
    const release = await holdBack(page, /\/assets\/console-worker-[\w-]+\.js$/);
    // the fork's greeting cannot come yet
    await c.openBeforeWorker('/#stepper?preset=default&x=script&k=2');
    await c.input.fill('SET typed-early 7');
    await c.input.press('Enter');
    // echoed at once, as a terminal shows a line, with no answer yet
    await expect(c.lastRow('input')).toContainText('SET typed-early 7');
    await expect(c.log).not.toContainText('Connected to the simulated');
    // the learner leaves (a reload: the place a platform saves is this same address)
    await page.reload();
    release();
    // back: the console opens on the line (no click), which runs now at the step it was typed on
    await expect(c.details).toHaveAttribute('aria-expanded', 'true');
    await expect(c.input).toBeVisible();
    await expect(c.lastRow('input')).toHaveText('127.0.0.1:6379> SET typed-early 7');
    // its own answer: the log's last reply (no other line has run on this fork)
    await expect(c.lastRow('output')).toHaveText('OK');
    await c.run('GET typed-early');
    await expect(c.lastRow('output')).toHaveText('"7"');
    expect(new URL(page.url()).hash).toMatch(/^#stepper\?preset=default&x=script&k=2&console=/);
  });

  test('a line refused once its answer came never overwrites the line typed since: that stays, ↑ brings back the other', async ({
    page,
    stepperConsole: c,
  }) => {
    // the worker's file comes only once the learner has typed on: the first line's answer with it
    const release = await holdBack(page, /\/assets\/console-worker-[\w-]+\.js$/);
    await c.openBeforeWorker('/');
    // a control character, which the console refuses (its answer says so, once it comes)
    await c.input.fill('SET k \u0001');
    await c.input.press('Enter');
    await expect(c.lastRow('input')).toContainText('SET k');
    await c.input.fill('GET k');
    release();
    // the refusal says why and that nothing was sent; the note, where the line went (once)
    await expect(c.lastRow('refused')).toHaveText(
      'The line holds the control character U+0001, which redis-cli\'s prompt cannot take as typed. Write it inside double quotes as \\xhh (for example "\\x01"). Nothing was sent.',
    );
    await expect(c.input).toHaveValue('GET k');
    await expect(c.lastRow('note')).toHaveText(
      'The input keeps what you typed since, and ↑ brings back the refused line.',
    );
    await c.input.press('ArrowUp');
    await expect(c.input).toHaveValue('SET k \u0001');
    await c.input.press('ArrowDown');
    await expect(c.input).toHaveValue('GET k');
  });

  test('two tabs add to one history: neither overwrites the other’s lines', async ({
    context,
    stepperConsoleOn,
  }) => {
    const first = stepperConsoleOn(await context.newPage());
    const second = stepperConsoleOn(await context.newPage());
    await first.open();
    await second.open();
    await first.run('SET from-first 1');
    await second.run('SET from-second 2');
    await first.run('GET from-first');
    // the second tab's ↑ walks back through both tabs' lines, newest first
    await second.input.press('ArrowUp');
    await expect(second.input).toHaveValue('GET from-first');
    await second.input.press('ArrowUp');
    await expect(second.input).toHaveValue('SET from-second 2');
    await second.input.press('ArrowUp');
    await expect(second.input).toHaveValue('SET from-first 1');
    const stored = await first.page.evaluate(() => localStorage.getItem('emq-console-history'));
    expect(JSON.parse(stored!)).toEqual([
      'SET from-first 1',
      'SET from-second 2',
      'GET from-first',
    ]);
  });

  // the same learner's steps wherever the server runs: in the worker (its answer comes later),
  // and on the page's own thread (the worker's file gone, as after a redeploy: answered at once)
  for (const where of ['in the worker', 'on the page’s own thread'] as const)
    test(`a refused line is in ↑ history, ${where}`, async ({
      page,
      problems,
      stepperConsole: c,
    }) => {
      if (where === 'in the worker') await c.open();
      else await openConsoleOnPage(page, problems, c);
      const tooLong = `SET big ${'x'.repeat(70_000)}`;
      await c.input.fill(tooLong);
      await c.input.press('Enter');
      await expect(c.lastRow('refused')).toContainText('This line is 70,008 bytes');
      // the line is back in the input, to edit; the learner sends another in its place
      await expect(c.input).toHaveValue(tooLong);
      await c.run('PING');
      await expect(c.lastRow('output')).toHaveText('PONG');
      await c.input.press('ArrowUp');
      await expect(c.input).toHaveValue('PING');
      await c.input.press('ArrowUp');
      await expect(c.input).toHaveValue(tooLong);
    });
});
