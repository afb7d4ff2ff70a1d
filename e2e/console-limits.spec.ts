import { expect, test } from './fixtures/test.ts';
import {
  consoleInUrl,
  consoleValue,
  send,
  survivesCase,
  WITHIN_LIMIT,
} from './fixtures/hostile.ts';
import { holdSimulatorLimits, holdWorkersAt } from './fixtures/limits-held.ts';
import { commandCapText } from '@batch-lease/redis-sim/client';
import { WATCHDOG_MS, watchdogText } from '../src/console/backend.ts';
import { LINE_COMMAND_WORK } from '../src/console/line-limits.ts';

/**
 * What a learner types or a link carries that would stall a server: every case runs in the
 * console's worker, so the page answers throughout (no main-thread task over 200 ms of CPU, the
 * frame budget held: fixtures/main-thread.ts), a message arrives within the line's limit, the tab
 * survives, and the console answers after (fixtures/hostile.ts).
 */

/**
 * A script whose reply names `item` `times` over, where `s` is a string of `bytes` bytes: a run of
 * a few steps whose reply, each reference read back, can be gigabytes.
 */
const naming = (bytes: number, item: string, times: number) =>
  `EVAL "local s = string.rep('x', ${bytes}) local e = ${item} ` +
  `local t = {} for i = 1, ${times} do t[i] = e end return t" 0`;

test.describe('lines that would stall a server', () => {
  test('an endless script: the page keeps painting, shows it runs, and Stop is SCRIPT KILL, naming the line the script stands at', async ({
    page,
    stepperConsole: c,
  }) => {
    // Stop decides, not the machine's speed: the script's limits cannot end it first
    await holdSimulatorLimits(page);
    await c.open();
    await survivesCase(page, c, async () => {
      // its loop on its second line, where a real server's kill finds it (redis-cli reads \n
      // inside double quotes as a new line)
      await send(c, 'EVAL "local n = 0\\nwhile true do n = n + 1 end" 0');
      const stop = c.stepper.root.getByRole('button', { name: 'Stop (SCRIPT KILL)' });
      await expect(stop).toBeVisible();
      await expect(
        c.stepper.root.getByRole('status').filter({ hasText: 'Running a script' }),
      ).toBeVisible();
      // typed meanwhile, as another client: BUSY
      await send(c, 'GET anything');
      await expect(c.log).toContainText(
        '(error) BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE.',
      );
      await stop.click();
      await expect(c.log).toContainText(
        /\(error\) ERR Script killed by user with SCRIPT KILL\.\.\. script: [0-9a-f]{40}, on @user_script:2\./,
        WITHIN_LIMIT,
      );
    });
  });

  test('after a write SCRIPT KILL answers UNKILLABLE, and SHUTDOWN NOSAVE is the way out', async ({
    page,
    stepperConsole: c,
  }) => {
    // the kills decide, not the machine's speed: the script's limits cannot end it first
    await holdSimulatorLimits(page);
    await c.open();
    await survivesCase(page, c, async () => {
      await send(c, `EVAL "redis.call('SET', 'mark', '1') while true do end" 0`);
      await expect(
        c.stepper.root.getByRole('button', { name: 'Stop (SCRIPT KILL)' }),
      ).toBeVisible();
      await send(c, 'SCRIPT KILL');
      await expect(c.log).toContainText(
        '(error) UNKILLABLE Sorry the script already executed write commands against the dataset.',
      );
      await send(c, 'SHUTDOWN NOSAVE');
      await expect(c.log).toContainText('NOSAVE: its keyspace is empty.', WITHIN_LIMIT);
    });
    await c.run('EXISTS mark');
    await expect(c.lastRow('output')).toHaveText('(integer) 0');
  });

  test('a write the command cap refused is no write: SCRIPT KILL ends the script', async ({
    page,
    stepperConsole: c,
  }) => {
    // the worker is held where the script's stop for the refusal is thrown, so the kill is typed
    // after the cap refused the union (and the page was told it wrote nothing: while it ran, a
    // kill answered UNKILLABLE, as a real server's would), whatever the machine's speed
    const { first } = await holdWorkersAt(page, /ERR the simulator did not run SUNIONSTORE here/);
    await c.open();
    await c.run(
      `EVAL "for k = 0, 19 do local t = {} for i = 1, 5000 do t[i] = k * 5000 + i end redis.call('SADD', 's', unpack(t)) end return redis.call('SCARD', 's')" 0`,
      30_000,
    );
    await expect(c.lastRow('output')).toHaveText('(integer) 100000');
    // 30 × 100,000 members to read: past the worker's cap, refused before it writes anything
    const union = `redis.call('SUNIONSTORE', 'u'${", 's'".repeat(30)})`;
    await send(c, `EVAL "${union} while true do end" 0`);
    await expect(c.stepper.root.getByRole('button', { name: 'Stop (SCRIPT KILL)' })).toBeVisible();
    await first;
    await send(c, 'SCRIPT KILL');
    await expect(c.log).toContainText(
      /\(error\) ERR Script killed by user with SCRIPT KILL\.\.\. script: [0-9a-f]{40}, on @user_script:1\./,
      WITHIN_LIMIT,
    );
    await expect(c.log).not.toContainText('UNKILLABLE');
    await c.run('EXISTS u');
    await expect(c.lastRow('output')).toHaveText('(integer) 0');
  });

  // Each line below needs only the console open, so one console takes them one after another:
  // each case is watched on its own (the page answers throughout, PING → PONG after) and starts
  // on an emptied log (CLEAR), so its message is its own line's, never an earlier case's.
  const ENDED: readonly (readonly [string, string, RegExp])[] = [
    [
      'a loop of backtracking matches',
      `EVAL "local s = string.rep('a', 1000) while true do string.find(s, '.-b') end" 0`,
      /ERR the simulator stopped script [0-9a-f]{40} after/,
    ],
    [
      'a megabyte upper-cased in a loop',
      `EVAL "local s = string.rep('a', 1000000) while true do s = s:upper():lower() end" 0`,
      // the simulator counts every allocation of a run (it cannot see Lua's collector)
      /ERR the simulator stopped script [0-9a-f]{40} after|not enough memory/,
    ],
    [
      'a script that only allocates',
      `EVAL "local t = {} while true do t[#t + 1] = string.rep('x', 1000000) .. #t end" 0`,
      /not enough memory|ERR the simulator stopped script/,
    ],
    [
      'cjson.decode of 640,000 numbers',
      `EVAL "return #cjson.decode('[' .. string.rep('1,', 640000) .. '1]')" 0`,
      // linear in its input now: the array is read well within the line's limit
      /\(integer\) 640001/,
    ],
    // a repeat count in front of an endless script: typed in e2e/console-hostile-link.spec.ts,
    // whose typed line is that one (one wait for its limit, not two)
  ] as const;

  test('each line ends with a message within the limit; a reply of 200,000 lines, or of one 20 MB line, is cut with a note', async ({
    page,
    stepperConsole: c,
  }) => {
    // a test's time for each case, as when each was a test of its own: an upper bound, never a measure
    test.setTimeout((ENDED.length + 2) * test.info().timeout);
    await c.open();
    const cleared = async () => {
      await send(c, 'CLEAR');
      await expect.poll(() => c.lineCount()).toBe(0);
    };
    for (const [name, line, message] of ENDED)
      await test.step(`${name}: ends with a message within the limit`, async () => {
        await cleared();
        await survivesCase(page, c, async () => {
          await send(c, line);
          await expect(c.log).toContainText(message, WITHIN_LIMIT);
        });
      });
    await test.step('a reply of 200,000 lines shows its first 10,000 and offers Copy all', async () => {
      await cleared();
      await survivesCase(page, c, async () => {
        await send(c, 'EVAL "local t = {} for i = 1, 200000 do t[i] = i end return t" 0');
        await expect(c.log).toContainText('200,000 lines; showing the first 10,000', WITHIN_LIMIT);
        await expect(c.log.getByRole('button', { name: 'Copy all' })).toBeVisible();
      });
    });
    // a row is one unwrapped line: a reply of one 20 MB string, quoted a byte at a time in the
    // worker, ran past the watchdog and was lost ("The line ran for 15 seconds and was ended")
    await test.step('a reply of one 20 MB line shows its first 10,000 characters', async () => {
      await cleared();
      await survivesCase(page, c, async () => {
        await send(c, `EVAL "return string.rep('x', 20000000)" 0`);
        await expect(c.log).toContainText(
          'A line of 20,000,002 characters; showing the first 10,000 of each line (too long to keep a copy of)',
          WITHIN_LIMIT,
        );
      });
    });
  });

  // the console formats only the lines it shows and the copy it keeps, and counts the rest: a
  // table of one string's references, 4 GB whole, was more than a string can hold, and the
  // worker answered the simulator's fault instead of the reply; and the lines shown are held to
  // a million characters, as 10,000 cut lines of 10,000 characters took the page 280 ms to receive
  test('a reply of 12,000 lines, 4 GB whole, prints its first lines cut, with the note, the page answering', async ({
    page,
    stepperConsole: c,
  }) => {
    await c.open();
    await survivesCase(page, c, async () => {
      await send(c, naming(1_000_000, "{s, {}, {err = 'E'}}", 4000));
      await expect(c.log).toContainText(
        '12,000 lines; showing the first 298; a line of 1,000,011 characters; showing the ' +
          'first 10,000 of each line (too long to keep a copy of)',
        WITHIN_LIMIT,
      );
      // the log shows its last rows: the last line shown is the 100th item's first
      const out = c.log.locator('[data-kind="output"]');
      await expect(out.last()).toHaveText(` 100) 1) "${'x'.repeat(9_990)}…`);
      await expect(out.nth(-2)).toHaveText('      3) (error) E');
      await expect(out.nth(-3)).toHaveText('      2) (empty array)');
    });
  });

  test('one command bigger than a line’s limit can hold is refused before it runs, in words that say what a real server would do; the server stands as before', async ({
    page,
    stepperConsole: c,
  }) => {
    // the line's 5 s limit is read between commands and between a script's steps, never inside
    // one command: a set of 200,000 members named 32,000 times (64 kB, within a line) is 6.4
    // billion members to add, minutes of work in the worker and on a real server alike. Before,
    // it ran on past the limit until the page's watchdog ended the worker (WATCHDOG_MS later);
    // now the worker's cap on one command's work refuses it before it reads a member
    await c.open();
    for (const from of [0, 100_000])
      await c.run(
        `EVAL "for i = ${from + 1}, ${from + 100_000} do redis.call('SADD', 's', i) end" 0`,
        30_000,
      );
    // the second line's 100,000 new members of a set are counted, not spread onto the stack
    // (they overflowed the worker's, which then never answered)
    await expect(c.lastRow('change')).toHaveText('… and 99980 more changes');
    const line = `SUNIONSTORE u${' s'.repeat(32_000)}`;
    await survivesCase(page, c, async () => {
      await send(c, line);
      await expect(c.log).toContainText(
        `(error) ${commandCapText('sunionstore', LINE_COMMAND_WORK, 'time-limit')}`,
        WITHIN_LIMIT,
      );
    });
    await expect(c.log).not.toContainText(watchdogText());
    // nothing was written, and the set is whole
    await c.run('SCARD s');
    await expect(c.lastRow('output')).toHaveText('(integer) 200000');
    await c.run('EXISTS u');
    await expect(c.lastRow('output')).toHaveText('(integer) 0');
  });

  // a table naming a 10 MB string 100,000 times: a run of a few steps and a reply of a terabyte.
  // Its read-back from Lua, after the script's last step, was neither charged nor timed: the
  // worker ran on (each reference scanned whole) until the page's watchdog ended it
  test('a reply naming a 10 MB string 100,000 times ends at the line’s budget as it is read back, saying the script ran to its end', async ({
    page,
    stepperConsole: c,
  }) => {
    await c.open();
    await survivesCase(page, c, async () => {
      await send(c, naming(10_000_000, 's', 100_000));
      await expect(c.log).toContainText(
        /\(error\) ERR the simulator stopped script [0-9a-f]{40} after \d+ steps as it read back its reply: the script ran to its end/,
        WITHIN_LIMIT,
      );
    });
    await expect(c.log).not.toContainText(watchdogText());
    await expect(c.log).not.toContainText('would still be running');
  });

  // What still reaches the page's watchdog, now that one command's work is capped, a huge reply
  // is formatted only as far as it is shown and a script's reply is charged as it is read back:
  // a step whose work the simulator does not count. Two strings of 50 MB with the same bytes are
  // compared whole at each `==` (Lua interns its strings, so a real server compares two
  // pointers), and the line's time limit is read only every 65,536 steps: tens of thousands of
  // compares, minutes in the worker, before it is first read
  test('work the simulator does not count runs until the watchdog ends its worker, which says so; the console answers after', async ({
    page,
    stepperConsole: c,
  }) => {
    // the test waits as long as a learner would, holding the page to its bounds throughout
    test.setTimeout(WATCHDOG_MS + 2 * test.info().timeout);
    await c.open();
    await c.run('SET before 1');
    await survivesCase(page, c, async () => {
      await send(
        c,
        `EVAL "local s, u = string.rep('x', 50000000), string.rep('x', 50000000) ` +
          'while true do local same = s == u end" 0',
      );
      await expect(c.log).toContainText(watchdogText(), { timeout: WATCHDOG_MS + 30_000 });
    });
    // the new worker replayed the line before it
    await c.run('GET before');
    await expect(c.lastRow('output')).toHaveText('"1"');
  });

  test('KEYS * repeated over 120,000 keys is cut, and the repeats stop at the limit', async ({
    page,
    stepperConsole: c,
  }) => {
    await c.open();
    // enough keys that the console's most repeats (10,000) cost more than the line's steps
    // (1,000,000,000, a step a key read), so the limit ends them on any machine: over 20,000 keys,
    // now that only the shown lines are formatted, all 10,000 ran within 5 s on a fast one
    for (let from = 1; from <= 120_000; from += 30_000)
      await c.run(
        `EVAL "for i = ${from}, ${from + 29_999} do redis.call('SET', 'k' .. i, i) end" 0`,
        30_000,
      );
    await c.run('EXISTS k120000');
    await expect(c.lastRow('output')).toHaveText('(integer) 1');
    await survivesCase(page, c, async () => {
      await send(c, '10000 KEYS *');
      await expect(c.log).toContainText(/The console ran this [\d,]+ of 10,000 times/, {
        timeout: 60_000,
      });
      await expect(c.log).toContainText(/[\d,]+ lines; showing the first 10,000/);
    });
  });

  test('a shared link with an endless script opens, replays it under the limit, says which line stopped it, and answers', async ({
    page,
    browser,
    stepperConsole: c,
    stepperConsoleOn,
  }) => {
    // the link is the page's own (the lines typed here, none of which runs long), with the endless
    // line put in as its second line and no mark saying it reached a limit, as a link made by hand
    // or before the mark would be: it replays under the limits. A typed line that reaches a limit,
    // and the mark it leaves in the link, are e2e/console-hostile-link.spec.ts's
    await c.open();
    for (const line of ['SET a 1', 'SET a 2', 'PING']) await c.run(line);
    await expect.poll(() => consoleInUrl(page.url())?.[1]).toEqual(['SET a 1', 'SET a 2', 'PING']);
    const value = /[?&#]console=([\w-]*)/.exec(page.url())?.[1] ?? '';
    const [step] = consoleInUrl(page.url()) as [number];
    const lines = ['SET a 1', 'EVAL "while true do end" 0', 'SET a 2', 'PING'];
    const shared = page.url().replace(`console=${value}`, `console=${consoleValue(lines, step)}`);

    const other = await browser.newPage();
    const d = stepperConsoleOn(other);
    await other.goto(shared);
    await expect(d.input).toBeVisible();
    // the page's own load is done; the link's lines replay in the worker from here
    await survivesCase(other, d, async () => {
      await expect(d.log).toContainText(/ERR the simulator stopped script/, WITHIN_LIMIT);
    });
    // which of the link's lines it was, that the replay stopped there, and what it did not run
    const stop = other.getByTestId('link-stop');
    await expect(stop).toContainText(
      'The link’s line 2 of 4, EVAL "while true do end" 0, reached a limit of the simulator',
    );
    await expect(stop).toContainText('Not run: SET a 2, PING.');
    await expect(stop.locator('bdi')).toHaveText(['EVAL "while true do end" 0', 'SET a 2', 'PING']);
    await d.run('GET a');
    await expect(d.lastRow('output')).toHaveText('"1"');
    // the way out: a fresh fork without the link's lines, which the URL forgets too
    await stop.getByRole('button', { name: 'Drop the link’s lines' }).click();
    await expect(stop).toHaveCount(0);
    await d.run('GET a');
    await expect(d.lastRow('output')).toHaveText('(nil)');
    const linkLines = () => {
      const value = /[?&]console=([\w-]*)/.exec(new URL(other.url()).hash)?.[1] ?? '';
      return value ? (JSON.parse(Buffer.from(value, 'base64url').toString()) as unknown[])[1] : [];
    };
    await expect.poll(linkLines).toEqual(['GET a']);
    await other.close();
  });
});
