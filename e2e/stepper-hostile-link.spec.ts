import type { Locator, Page } from '@playwright/test';
import type { ConsolePage } from './fixtures/console-page.ts';
import type { StepperPage } from './fixtures/stepper-page.ts';
import { expect, test } from './fixtures/test.ts';
import { stopWhileMade } from './fixtures/stopped-run.ts';
import { luaLink, survivesCase, WITHIN_LIMIT } from './fixtures/hostile.ts';
import { narrationWords as N } from '../content/narration.ts';
import { watchForRunning } from './fixtures/never-running.ts';
import { holdBack } from './fixtures/hold.ts';
import { commandCapText } from '@batch-lease/redis-sim/client';
import { LINE_COMMAND_WORK } from '../src/console/line-limits.ts';

/**
 * `lua=` links whose script would hold a page for as long as the stepper's step budget lets it:
 * the stepper runs them in the simulated server's worker, so the page answers while they run
 * (fixtures/main-thread.ts), shows that it runs and offers Stop, the run arrives with the
 * simulator's own stop, the tab survives, and the console works after.
 */
const HOSTILE = {
  // the 145-character link: the costliest steps a script can take, a traced write each
  'traced writes until the budget':
    "local i = 0 while true do i = i + 1 redis.call('SET', 'k' .. i, i) end",
  'an endless loop': 'while true do end',
  // the trace that kept 2 GB (and at 30,000 crashed the tab): a 1 MB local every step
  'a 1 MB string rebuilt 2,000 times':
    "local s = '' for i = 1, 2000 do s = string.rep('x', 1000000) .. i end return #s",
  'a 1 MB string rebuilt 30,000 times':
    "local s = '' for i = 1, 30000 do s = string.rep('x', 1000000) .. i end return #s",
};

/**
 * Opens a `lua=` link from the open lesson, as a learner who follows it would, with the page
 * answering throughout (fixtures/hostile.ts): the run arrives at its last step, `look` checks
 * what it shows, and the console works after.
 */
async function opensAnswering(
  { page, stepper, c }: { page: Page; stepper: StepperPage; c: ConsolePage },
  lua: string,
  look: () => Promise<void>,
  { compare = false } = {},
) {
  await stepper.goto();
  await survivesCase(page, c, async () => {
    const link = luaLink(lua) + (compare ? '&compare=1' : '');
    await stepper.follow(link);
    await expect(stepper.counter).toHaveText(/step (\d+) of \1/, WITHIN_LIMIT);
    await look();
    await c.details.click();
    await expect(c.log).toContainText('Connected to the simulated', WITHIN_LIMIT);
  });
}

/** A table naming a table of 100 numbers a thousand times: 100,000 lines, within the budget. */
const HUNDRED_THOUSAND_LINES =
  'local a = {} for i = 1, 100 do a[i] = i end local t = {} for i = 1, 1000 do t[i] = a end return t';

/**
 * `reply` shows {@link HUNDRED_THOUSAND_LINES}'s first 1,000 lines as redis-cli prints them, the
 * note under it says how many there are, and its Copy all puts all 100,000 on the clipboard.
 */
async function showsAndCopiesAll(page: Page, reply: Locator) {
  const shown = (await reply.textContent())!.split('\n');
  expect(shown).toHaveLength(1_000);
  expect(shown.slice(0, 2)).toEqual(['   1)   1) (integer) 1', '        2) (integer) 2']);
  expect(shown[999]).toBe('      100) (integer) 100');
  const note = reply.locator('xpath=following-sibling::p[1]');
  await expect(note).toContainText('100,000 lines; showing the first 1,000');
  await note.getByRole('button', { name: 'Copy all' }).click();
  await expect(note.getByRole('button', { name: 'Copied.' })).toBeVisible();
  const copied = (await page.evaluate(() => navigator.clipboard.readText())).split('\n');
  expect(copied).toHaveLength(100_000);
  expect(copied[1_000]).toBe('  11)   1) (integer) 1');
  expect(copied[99_999]).toBe('      100) (integer) 100');
}

test.describe('a hostile lua= link', () => {
  for (const [name, lua] of Object.entries(HOSTILE)) {
    test(`${name}: opens with the page answering, the simulator’s stop within the limit, and the console working after`, async ({
      page,
      stepper,
      stepperConsole: c,
    }) => {
      // recorded, not polled: a run the budget ends quickly may say it runs for less time
      // than a poll takes, and the learner still saw it
      const seen = await watchForRunning(page);
      // the page first, then the link, as a learner who follows it from an open lesson
      await stepper.goto();
      await survivesCase(page, c, async () => {
        await stepper.follow(luaLink(lua));
        await expect(stepper.root).toContainText(
          /the simulator stopped script [0-9a-f]{40} after/,
          WITHIN_LIMIT,
        );
        expect((await seen()).some((t) => t.startsWith('Running your script'))).toBe(true);
        await expect(stepper.counter).toHaveText(/step (\d+) of \1/);
        // the last step says what ended the run: the step budget (a megabyte string rebuilt
        // 2,000 times ends by itself on a real server, so "never ends" would be untrue)
        await expect(stepper.narration).toContainText(
          N.detail.stopped.steps.slice(0, N.detail.stopped.steps.indexOf('{error}')),
        );
        await expect(stepper.narration).toContainText('that is its step budget');
        await expect(stepper.narration).toContainText(
          'A real server counts no steps: it would run the script to its end',
        );
        await expect(stepper.root).not.toContainText(/never ends|looks like/);
        await c.details.click();
        await expect(c.log).toContainText('Connected to the simulated', WITHIN_LIMIT);
      });
    });
  }

  // a reply as big as the step budget lets a script build and send (1.5 MB, a 50-character
  // link; the budget pays for the reply's read-back as for its making, so 3 MB, which this was,
  // now ends at the budget): shown whole, a 3 MB reply's panel took a main-thread task of a
  // second (quoting it, then its layout)
  test('a script whose reply is 1.5 MB: the reply panel shows its start and says how long it is, with the page answering', async ({
    page,
    stepper,
    stepperConsole: c,
  }) => {
    await opensAnswering({ page, stepper, c }, "return string.rep('x', 1500000)", async () => {
      await stepper.root.getByRole('button', { name: 'Args · reply' }).click();
      const reply = page.getByTestId('reply-cli');
      await expect(reply).toHaveText(`"${'x'.repeat(9_999)}…`);
      await expect(reply.locator('xpath=..')).toContainText(
        'A line of 1,500,002 characters; showing the first 10,000 of each line',
      );
    });
  });

  // HUNDRED_THOUSAND_LINES: the reply panel formatted the whole reply on the page to show its first thousand lines
  test('a reply of 100,000 lines: the panel shows its first 1,000, says how many there are and copies them all, with the page answering', async ({
    page,
    context,
    stepper,
    stepperConsole: c,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await opensAnswering({ page, stepper, c }, HUNDRED_THOUSAND_LINES, async () => {
      await stepper.root.getByRole('button', { name: 'Args · reply' }).click();
      await showsAndCopiesAll(page, page.getByTestId('reply-cli'));
    });
  });

  // the same reply in the compare view (a link's compare=1): its table formatted both replies
  // whole and laid each out whole in a cell
  test('a reply of 100,000 lines in the compare view: its first 1,000 shown, how many there are said and all copied, with the page answering', async ({
    page,
    context,
    stepper,
    stepperConsole: c,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await opensAnswering(
      { page, stepper, c },
      HUNDRED_THOUSAND_LINES,
      async () => {
        // the reply's cell under the script's column, as the learner finds it: in the group the
        // "reply" header names, the first cell
        const cell = page
          .getByRole('table', { name: 'Final states, script against native' })
          .getByRole('rowgroup')
          .filter({ has: page.getByRole('rowheader', { name: /reply$/ }) })
          .getByRole('cell')
          .first();
        await expect(cell).toContainText('100,000 lines; showing the first 1,000', WITHIN_LIMIT);
        // the native run's reply is short: its cell is whole, with no note
        await expect(page.getByTestId('compare-reply-native')).toBeVisible();
        await expect(
          page.getByTestId('compare-reply-native').locator('xpath=following-sibling::p'),
        ).toHaveCount(0);
        await expect(page.locator('tbody[data-differs="true"]').first()).toContainText('reply');
        await showsAndCopiesAll(page, page.getByTestId('compare-reply-script'));
      },
      { compare: true },
    );
  });

  // a table naming a megabyte string 300 times: a run of a few hundred steps whose reply is
  // 300 MB. Read back from Lua, turned into the verb's answer and copied to the page, all
  // uncharged, it outran the run's time limit, whose words said, untruly, that the script had
  // not ended and that a real server would still be running it
  test('a script whose reply names a megabyte string 300 times ends at the budget as its reply is read back, saying the script ended', async ({
    page,
    stepper,
    stepperConsole: c,
  }) => {
    const lua =
      "local s = string.rep('x', 1048576) local t = {} for i = 1, 300 do t[i] = s end return t";
    await opensAnswering({ page, stepper, c }, lua, async () => {
      await expect(stepper.narration).toContainText(
        N.detail.stopped.reply.slice(0, N.detail.stopped.reply.indexOf('{error}')),
      );
      await expect(stepper.narration).toContainText(
        /the simulator stopped script [0-9a-f]{40} after \d+ steps as it read back its reply: the script ran to its end/,
      );
      await expect(stepper.root).not.toContainText('without ending');
      await expect(stepper.root).not.toContainText('would still be running');
    });
  });

  // a 62-character link whose script pads a string with twenty million NUL bytes (one command,
  // no budget to speak of): the changes panel quoted and spelled the value out whole,
  // over a hundred million characters, and the tab crashed ("Aw, Snap") on opening the link
  test('a script that pads a string to 20 MB: the changes panel shows its start, cut, with the page answering', async ({
    page,
    stepper,
    stepperConsole: c,
  }) => {
    const lua = "redis.call('SETRANGE', 'k', 20000000, 'x') return 1";
    await opensAnswering({ page, stepper, c }, lua, async () => {
      const changes = page.getByTestId('changes');
      await expect(changes).toContainText('k · string (absent) → "\\u0000\\u0000');
      await expect(changes).toContainText('\\u0000…"');
      await stepper.first();
      await expect(stepper.counter).toHaveText(/step 0 of \d+/);
    });
  });

  // a set of 7,000 members stored as the union of itself named a thousand times: 7,000,000
  // members in one command, which a console line in the worker is refused (LINE_COMMAND_WORK).
  // The stepper's worker ran it whole, uncapped, and the run ended at the step budget after the
  // union; a bigger one ran on until the page ended the worker at the run's time limit
  test('a script with one command too big for the worker: refused before it runs, in a console line’s words, with the page answering', async ({
    page,
    stepper,
    stepperConsole: c,
  }) => {
    const lua =
      "local t = {} for i = 1, 7000 do t[i] = i end redis.call('SADD', 's', unpack(t)) " +
      "local n = {} for i = 1, 1000 do n[i] = 's' end return redis.call('SUNIONSTORE', 'u', unpack(n))";
    await opensAnswering({ page, stepper, c }, lua, async () => {
      const refusal = commandCapText('sunionstore', LINE_COMMAND_WORK, 'time-limit');
      await expect(stepper.narration).toContainText(
        N.detail.stopped.command.replace('{error}', refusal),
      );
    });
  });

  test('a link whose script reached a limit reopens with the script shown, not run; Run it again, or drop it', async ({
    page,
    stepper,
    stepperConsole: c,
  }) => {
    const lua = HOSTILE['an endless loop'];
    await stepper.goto();
    await stepper.follow(luaLink(lua));
    await expect(stepper.root).toContainText(
      /the simulator stopped script [0-9a-f]{40} after/,
      WITHIN_LIMIT,
    );
    // the link now says so
    await expect.poll(() => new URL(page.url()).hash).toMatch(/&lua=[\w-]+&limit=1(&|$)/);

    // a reload (or whoever the link is sent to): the script in the editor, and nothing run
    const seen = await watchForRunning(page);
    await page.reload();
    const held = stepper.root.getByTestId('script-held');
    await expect(held).toContainText(
      'Your script was not run: this link says it reached a limit of the simulator when it last ran',
    );
    await expect(stepper.scriptBox).toHaveValue(lua);
    await expect(stepper.root).not.toContainText('the simulator stopped script');
    expect(await seen()).toEqual([]);
    await expect.poll(() => new URL(page.url()).hash).toMatch(/&limit=1(&|$)/);

    // Run it again: it runs, and reaches the same limit
    await held.getByRole('button', { name: 'Run it again' }).click();
    await expect(held).toHaveCount(0);
    await expect(stepper.root).toContainText(
      /the simulator stopped script [0-9a-f]{40} after/,
      WITHIN_LIMIT,
    );
    await expect(stepper.counter).toHaveText(/step (\d+) of \1/);
    expect(await seen()).toContainEqual(expect.stringMatching(/^Running your script/));
    await expect.poll(() => new URL(page.url()).hash).toMatch(/&limit=1(&|$)/);

    // reloaded again, then dropped: the lesson's script runs, and the link forgets the script
    await page.reload();
    await held.getByRole('button', { name: 'Drop it (back to the lesson’s script)' }).click();
    await expect(held).toHaveCount(0);
    await expect(stepper.counter).toHaveText(/step \d+ of \d+/);
    await expect.poll(() => new URL(page.url()).hash).not.toMatch(/lua=|limit=/);
    await c.details.click();
    await expect(c.log).toContainText('Connected to the simulated', WITHIN_LIMIT);
    await c.run('PING', 30_000);
    await expect(c.lastRow('output')).toHaveText('PONG');
  });

  test('a held link’s notice stands where it first shows while the editor arrives: Run it again and Drop it never move under the pointer', async ({
    page,
    stepper,
  }) => {
    // the editor's chunk comes only once the notice has been seen: its place before and after
    const release = await holdBack(page, /\/assets\/ScriptEditor-[\w-]+\.js$/);
    const lua = HOSTILE['an endless loop'];
    // followed from the open lesson: a page opened at a held link never shows a step counter,
    // which the stepper's goto waits for
    await stepper.goto();
    await stepper.follow(`${luaLink(lua)}&limit=1`);
    const buttons = stepper.root.getByTestId('script-held').getByRole('button');
    await expect(buttons).toHaveText(['Run it again', 'Drop it (back to the lesson’s script)']);
    const boxes = () =>
      buttons.evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return `${el.textContent}: ${r.x},${r.y} ${r.width}×${r.height}`;
        }),
      );
    const shown = await boxes();
    release();
    await expect(stepper.scriptBox).toHaveValue(lua);
    expect(await boxes()).toEqual(shown);
  });

  test('a run the learner stopped is marked: a reload shows the script held, saying they stopped it, and runs nothing', async ({
    page,
    stepper,
  }) => {
    const lua = HOSTILE['an endless loop'];
    await stopWhileMade(page, stepper, luaLink(lua));
    // the link says the learner stopped it
    await expect.poll(() => new URL(page.url()).hash).toMatch(/&lua=[\w-]+&limit=stopped(&|$)/);

    const seen = await watchForRunning(page);
    await page.reload();
    const held = stepper.root.getByTestId('script-held');
    await expect(held).toContainText('Your script was not run: this link says you stopped it');
    await expect(stepper.scriptBox).toHaveValue(lua);
    expect(await seen()).toEqual([]);
    await expect.poll(() => new URL(page.url()).hash).toMatch(/&limit=stopped(&|$)/);
  });

  test('Stop ends the run while it is being made, in words that say what SCRIPT KILL would do', async ({
    page,
    stepper,
    stepperConsole: c,
  }) => {
    await stopWhileMade(page, stepper, luaLink(HOSTILE['traced writes until the budget']));
    // the stepper goes on: another link's run opens, and its console answers
    await stepper.follow('#stepper?preset=reaped&x=script&k=2');
    await expect(stepper.counter).toHaveText(/^step 2 of/);
    await c.details.click();
    await expect(c.log).toContainText('Connected to the simulated', WITHIN_LIMIT);
    await c.run('PING', 30_000);
    await expect(c.lastRow('output')).toHaveText('PONG');
  });
});
