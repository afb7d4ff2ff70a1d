import { PageAxe } from './fixtures/axe.ts';
import { inEitherTheme, SCHEMES } from './fixtures/themes.ts';
import { createHash } from 'node:crypto';
import { addElement as addElementFrom } from './fixtures/add-element.ts';
import { CHUNK_TIMEOUT_MS } from '../src/loading/load-chunk.ts';
import { breakChunk, FAULTS, type Fault } from './fixtures/chunk-faults.ts';
import { EMBED_WIDGETS, WIDGET_INFO } from '../src/embed/widgets.ts';
import { expect, test } from './fixtures/test.ts';
import type { ConsoleWidget } from './fixtures/console-page.ts';
import { hydrated } from './fixtures/reached.ts';

/** What a console printed for the lines typed: the echo, the replies and the changes, no notes. */
const replies = (rows: string[]) => rows.filter((r) => !r.startsWith('note: '));

const counterIn = (root: { getByTestId: (id: string) => import('@playwright/test').Locator }) =>
  root.getByTestId('step-counter');

test.describe('on a course page served from another origin', () => {
  // what loading does to the host page is read here, before the first click, on the page this
  // test opens anyway: it was a test of its own, which loaded the course page and its frames
  // again for three reads
  test('each iframe fits its content after load, which moves neither the host page nor its focus; the stepper keeps one height through steps and its editor', async ({
    course,
    page,
  }) => {
    await course.open();
    await course.expectFitted('frame-stepper');
    await expect(course.element('element-light').getByTestId('step-counter')).toHaveText(
      /step 5 of/,
    );
    expect(await page.evaluate(() => window.scrollY), 'the host page scrolled').toBe(0);
    expect(await page.evaluate(() => document.activeElement?.tagName), 'focus moved').toBe('BODY');
    // a frame far below, never scrolled to, fits too: had it waited to be seen to grow, the
    // reader's page would jump under them as they scroll to it
    await course.expectFitted('frame-console');
    await expect(course.frameElement('frame-console')).not.toBeInViewport();
    const frame = await course.frame('frame-stepper');
    await expect(counterIn(frame.locator('[data-stepper]'))).toHaveText(/step 3 of \d+/);
    await frame.getByRole('button', { name: 'Forward one member', exact: true }).click();
    await course.expectFitted('frame-stepper');
    const before = (await course.heights('frame-stepper')).frame;
    // the stepper is a stage: its editor opens inside it, in the place of the state, so the
    // frame (and the host's text around it) keeps its height
    await frame.getByText('Edit the scenario').click();
    await expect(frame.getByLabel('lease_ms')).toBeVisible();
    await course.expectFitted('frame-stepper');
    expect((await course.heights('frame-stepper')).frame).toBe(before);
    await frame.getByText('Edit the scenario').click();
    await course.expectFitted('frame-stepper');
    expect((await course.heights('frame-stepper')).frame).toBe(before);

    await course.frameElement('frame-fates').scrollIntoViewIfNeeded();
    await course.expectFitted('frame-fates');
    expect(course.problems).toEqual([]);
    await page.close();
  });

  // one open of the course page for the stepper frame's keys and its messages to the host
  test('arrow keys step a focused frame and leave an unfocused one alone; the host hears ready, step and completed with the right k and n', async ({
    course,
    page,
  }) => {
    await course.open();
    const frame = await course.frame('frame-stepper');
    const counter = counterIn(frame.locator('[data-stepper]'));
    await expect(counter).toHaveText(/step 3 of (\d+)/);
    const n = Number(/of (\d+)/.exec((await counter.textContent()) ?? '')![1]);
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText(/step 3 of/);
    await frame.locator('[data-stepper]').focus();
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText(/step 4 of/);
    // Tab leaves the widget again: no keyboard trap
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.tagName !== 'IFRAME')) break;
    }
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('IFRAME');

    await frame.getByRole('button', { name: 'Last step', exact: true }).click();
    await expect
      .poll(async () => (await course.messages()).map((m) => m.data.type).filter(Boolean))
      .toEqual(
        expect.arrayContaining(['batch-lease:ready', 'batch-lease:step', 'batch-lease:completed']),
      );
    const mine = (await course.messages()).filter(
      (m) => m.data.widget === 'stepper' && m.data.type,
    );
    expect(mine.every((m) => m.origin === new URL(frame.url()).origin)).toBe(true);
    const steps = mine.filter((m) => m.data.type === 'batch-lease:step');
    expect(steps.map((m) => m.data.k)).toEqual(expect.arrayContaining([3, n]));
    expect(steps.every((m) => m.data.n === n)).toBe(true);
    const completed = mine.filter((m) => m.data.type === 'batch-lease:completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]!.data.n).toBe(n);
    // the LMS shapes are there too, for hosts that resize without our script
    const subjects = new Set(
      (await course.messages()).map((m) => m.data.subject ?? m.data.context),
    );
    expect([...subjects]).toEqual(
      expect.arrayContaining(['lti.frameResize', 'org.imsglobal.lti.frameResize', 'iframe.resize']),
    );
  });

  test('two custom elements keep separate state, and the dark one is dark', async ({
    course,
    page,
    consoleIn,
  }) => {
    await course.open();
    await course.settled();
    const light = course.element('element-light');
    const dark = course.element('element-dark');
    await expect(light.getByTestId('step-counter')).toHaveText(/step 5 of/);
    await expect(dark.getByTestId('step-counter')).toHaveText(/step 0 of/);
    // the element tells the page as DOM events, the same messages a frame posts
    await light.evaluate((el) => {
      const w = window as unknown as { __events: unknown[] };
      w.__events = [];
      el.addEventListener('batch-lease:step', (e) => w.__events.push((e as CustomEvent).detail));
    });
    await light.getByRole('button', { name: 'Forward one line', exact: true }).click();
    await expect(light.getByTestId('step-counter')).toHaveText(/step 6 of/);
    const events = await light.evaluate(
      () =>
        (
          window as unknown as {
            __events: { k: number; instance: string; verb: { display: string } }[];
          }
        ).__events,
    );
    expect(events.at(-1)).toMatchObject({
      k: 6,
      instance: 'element-light',
      verb: { display: 'experienced' },
    });
    await expect(dark.getByTestId('step-counter')).toHaveText(/step 0 of/);
    const luminance = (el: Element) => {
      const c = getComputedStyle(el.shadowRoot!.querySelector('[data-embed]')!).backgroundColor;
      const [r, g, b] = (c.match(/\d+(\.\d+)?/g) ?? ['255', '255', '255']).map(Number);
      return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
    };
    expect(await dark.evaluate(luminance)).toBeLessThan(0.3);
    expect(await light.evaluate(luminance)).toBeGreaterThan(0.7);
    // a stepper element's console types on its own: the host's URL is never written
    const hostUrl = page.url();
    await light.getByTestId('console-toggle').click();
    const cli = consoleIn(light);
    await cli.run('SET mine 1');
    await expect(light.getByRole('button', { name: 'Embed', exact: true })).toHaveCount(0);
    expect(page.url()).toBe(hostUrl);
    await dark.getByTestId('console-toggle').click();
    await consoleIn(dark).run('GET mine');
    expect((await consoleIn(dark).rows()).at(-1)).toBe('output: (nil)');
    expect(course.problems).toEqual([]);
  });
});

test('the Embed dialog’s iframe snippet, pasted into a blank page, opens at the same step', async ({
  page,
  courseHost,
}) => {
  await page.goto('/');
  const stepper = page.locator('[data-stepper]').first();
  await expect(stepper.getByTestId('step-counter')).toHaveText(/step 0 of/);
  // a click before hydration lands on the prerendered control, which does nothing: drive the
  // stepper once it is live, and let each step show before the next click
  await hydrated(stepper);
  for (let k = 1; k <= 7; k++) {
    await stepper.getByRole('button', { name: 'Forward one line', exact: true }).click();
    await expect(stepper.getByTestId('step-counter')).toHaveText(new RegExp(`^step ${k} of`));
  }
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('k=7');
  await page.getByRole('button', { name: 'Embed', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const snippet = await dialog.getByLabel(/^Iframe/).inputValue();
  expect(snippet).toContain('loading="lazy"');
  expect(snippet).toContain('title="');
  expect(snippet).not.toContain('<script');
  // a name, which the frame's host events carry as their instance
  expect(snippet).toMatch(/ name="batch-lease-stepper-\w{4}"/);
  await page.goto(`${courseHost.url}/blank.html`);
  await page.evaluate((html) => {
    document.querySelector('main')!.innerHTML = html;
  }, snippet);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByTestId('step-counter')).toHaveText(/step 7 of/);
});

test('the Embed dialog’s element snippet pins the built module with its integrity, and a host page runs it', async ({
  page,
  courseHost,
  problems,
}) => {
  await page.goto('/');
  await page
    .locator('[data-island="fate-picker"]')
    .getByRole('button', { name: 'Embed', exact: true })
    .click();
  const dialog = page.getByRole('dialog');
  const field = dialog.getByLabel(/^Custom element/);
  // the pin is read once the dialog is open: the snippet names the versioned file
  await expect(field).toHaveValue(/embed\/batch-lease-[0-9a-f]{12}\.js" integrity="sha384-/);
  const snippet = await field.inputValue();
  const [, src, integrity] = /src="([^"]+)" integrity="([^"]+)"/.exec(snippet)!;
  // the hash is the served file's own
  const served = await page.request.get(src!);
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const digest = createHash('sha384')
    .update(await served.body())
    .digest('base64');
  expect(integrity).toBe(`sha384-${digest}`);

  // pasted on a course page of another origin: the browser checks the hash and runs the module
  const paste = (hash: string) =>
    page.evaluate(
      ([url, sri]) => {
        const script = document.createElement('script');
        script.type = 'module';
        script.src = url!;
        script.integrity = sri!;
        document.head.append(script);
        document.querySelector('main')!.append(document.createElement('batch-lease-fates'));
      },
      [src, hash],
    );
  await page.goto(`${courseHost.url}/blank.html`);
  await paste(integrity!);
  await expect(page.locator('batch-lease-fates [data-ready="true"]')).toBeVisible();

  // and refuses a module whose bytes are not the ones pinned (so the pin is a real one)
  problems.allow(/integrity|Failed to find a valid digest/);
  await page.goto(`${courseHost.url}/blank.html`);
  const refused = page.waitForEvent('console', (m) => /integrity/.test(m.text()));
  await paste(`sha384-${createHash('sha384').update('not the module').digest('base64')}`);
  await refused;
  expect(await page.evaluate(() => customElements.get('batch-lease-fates'))).toBeUndefined();
});

test('a bad embed setting shows a notice and the widget still works', async ({ page }) => {
  await page.goto('/embed/stepper.html?theme=purple&colour=1&off-thread=1');
  const notice = page.getByRole('status').filter({ hasText: 'ignored' });
  await expect(notice).toContainText('theme');
  await expect(notice).toContainText('the link said');
  // the custom element's setting, which changes nothing on the page: the author is told
  await expect(notice).toContainText(
    'off-thread was ignored (it is a setting of the custom element',
  );
  await expect(page.getByTestId('step-counter')).toHaveText(/step 0 of/);
});

test('axe finds nothing on the embed pages, in either theme', async ({ page, consoleIn }) => {
  // axe's analysis is CPU-bound work, not a wait: give it room on a loaded 2-core machine (a
  // slow test's time for each theme)
  test.setTimeout(SCHEMES.length * 3 * test.info().timeout);
  for (const widget of EMBED_WIDGETS) {
    await page.goto(`/${WIDGET_INFO[widget].page}`);
    await expect(page.locator('[data-embed]')).toBeVisible();
    if (widget === 'console') await consoleIn(page).run('PING');
    // each theme with the page as it is, never loaded twice (fixtures/themes.ts)
    await inEitherTheme(page, async (scheme) => {
      const results = await new PageAxe({ page }).inScheme(scheme).analyze();
      expect(results.violations.map((v) => `${widget} · ${scheme}: ${v.id} — ${v.help}`)).toEqual(
        [],
      );
    });
  }
});

test('an embed page reads at 320 px without sideways scrolling', async ({ page, consoleIn }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  for (const widget of EMBED_WIDGETS) {
    await page.goto(`/${WIDGET_INFO[widget].page}`);
    await expect(page.locator('[data-embed]')).toBeVisible();
    if (widget === 'console') await consoleIn(page).run('HELP ZADD');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
  }
});

test.describe('the console page with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  test('says it needs JavaScript instead of loading forever', async ({ page, request }) => {
    await page.goto(`/${WIDGET_INFO.console.page}`);
    // this emulation only stops scripts (a browser with JavaScript off shows <noscript>), so the
    // note is read from the page as served
    const html = await (await request.get(`/${WIDGET_INFO.console.page}`)).text();
    expect(html).toMatch(/<noscript><p>The console needs JavaScript/);
    await expect(page.getByText('Loading the console')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Open the full lesson' })).toBeVisible();
  });
});

test.describe('the console as a widget', () => {
  test('its frame fits its content after load and after typing commands, and tells the host', async ({
    course,
    consoleIn,
  }) => {
    await course.open();
    await course.frameElement('frame-console').scrollIntoViewIfNeeded();
    const frame = await course.frame('frame-console');
    const cli = consoleIn(frame.locator('body'));
    await expect(cli.input).toBeVisible();
    // the Embed button belongs to the lesson page, not to an embed
    await expect(frame.getByRole('button', { name: 'Embed', exact: true })).toHaveCount(0);
    // it never takes focus on load: the host's focus and scroll stay where they were
    expect(await frame.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
    await course.expectFitted('frame-console');
    const before = (await course.heights('frame-console')).frame;
    for (const line of ['KEYS *', 'PING', 'SET note "hi there"', 'GET note', 'DBSIZE'])
      await cli.run(line);
    await course.expectFitted('frame-console');
    expect((await course.heights('frame-console')).frame).toBeGreaterThan(before + 40);
    // ready, then one `command` per line sent: the command word only, never its arguments
    const mine = (await course.messages()).filter((m) => m.data.widget === 'console');
    expect(mine.map((m) => m.data.type)).toContain('batch-lease:ready');
    const commands = mine
      .filter((m) => m.data.type === 'batch-lease:command')
      .map((m) => m.data as Record<string, unknown>);
    expect(commands.map((c) => [c.command, c.count])).toEqual([
      ['KEYS', 1],
      ['PING', 2],
      ['SET', 3],
      ['GET', 4],
      ['DBSIZE', 5],
    ]);
    expect(commands[0]).toMatchObject({
      instance: 'frame-console',
      verb: { display: 'interacted' },
    });
    expect(JSON.stringify(commands)).not.toContain('hi there');
    expect(course.problems).toEqual([]);
  });

  test('a command typed in the console frame answers as the lesson’s console does', async ({
    page,
    stepperConsole: opened,
    consoleIn,
  }) => {
    const state = '#stepper?preset=reaped&x=script&k=9';
    await opened.open(`/${state}`);
    await expect(opened.stepper.counter).toHaveText(/^step 9 of/);
    const lesson = consoleIn(opened.stepper.root);
    const keys = async (cli: ConsoleWidget) =>
      (await cli.answerTo('KEYS *')).filter((r) => r.startsWith('output: '));
    const listed = await keys(lesson);
    const active = /"([^"]*active[^"]*)"/.exec(listed.join('\n'))?.[1];
    expect(active).toBeTruthy();
    const lines = [
      `ZRANGE ${active} 0 -1 WITHSCORES`,
      'DBSIZE',
      `ZADD ${active} 1 JOBX`,
      'HELP ZCARD',
    ];
    // each line's echo and answer, read as it is answered
    const answers = async (cli: ConsoleWidget) => {
      const out: string[][] = [];
      for (const line of lines) out.push(replies(await cli.answerTo(line)));
      return out;
    };
    const inLesson = await answers(lesson);

    await page.goto(`/embed/console.html${state}`);
    const embedded = consoleIn(page);
    await keys(embedded);
    expect(await answers(embedded)).toEqual(inLesson);
    await expect(page.getByTestId('console-origin')).toContainText('step 9 of');
  });

  test('the Embed button on the lesson’s console gives a snippet that replays its lines at its step', async ({
    page,
    courseHost,
    stepperConsole: lesson,
    consoleIn,
  }) => {
    await lesson.open('/#stepper?preset=default&x=script&k=4');
    await lesson.run('SET mine 42');
    await lesson.run('GET mine');
    await lesson.drawer.getByRole('button', { name: 'Embed', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('redis-cli on the simulated server');
    await expect(dialog.getByLabel('replay the 2 commands typed so far')).toBeChecked();
    // the dialog, its options and its preview frame are as accessible as the lesson
    const axe = await new PageAxe({ page }).include('dialog').analyze();
    expect(axe.violations.map((v) => `${v.id} — ${v.help}`)).toEqual([]);
    // unticked, the snippet opens a fresh console at the step, with no lines
    await dialog.getByLabel('replay the 2 commands typed so far').uncheck();
    expect(await dialog.getByLabel(/^Iframe/).inputValue()).not.toContain('console=');
    await dialog.getByLabel('replay the 2 commands typed so far').check();
    const snippet = await dialog.getByLabel(/^Iframe/).inputValue();
    // the typed lines ride in the hash, after the stepper's state, where no server log sees them
    expect(snippet).toContain(
      'embed/console.html#stepper?preset=default&amp;x=script&amp;k=4&amp;console=',
    );
    const element = await dialog.getByLabel(/^Custom element/).inputValue();
    expect(element).toMatch(
      /<batch-lease-console id="batch-lease-console-\w{4}" state="[^"]+k=4" console="[\w-]+">/,
    );
    await page.goto(`${courseHost.url}/blank.html`);
    await page.evaluate((html) => {
      document.querySelector('main')!.innerHTML = html;
    }, snippet);
    const frame = page.frameLocator('iframe');
    const cli = consoleIn(frame);
    await expect(frame.getByTestId('console-origin')).toContainText('step 4 of');
    await expect.poll(async () => (await cli.rows()).join('\n')).toContain('output: "42"');
  });

  test('a <batch-lease-console> works under the host’s strict CSP, each instance on its own server', async ({
    course,
    page,
    consoleIn,
  }) => {
    await course.open();
    const first = consoleIn(course.element('element-console'));
    await first.input.scrollIntoViewIfNeeded();
    await expect(course.element('element-console').getByTestId('console-origin')).toContainText(
      'step 0 of',
    );
    await course.element('element-console').evaluate((el) => {
      const w = window as unknown as { __commands: unknown[] };
      w.__commands = [];
      el.addEventListener('batch-lease:command', (e) =>
        w.__commands.push((e as CustomEvent).detail),
      );
    });
    await first.run('SET only-here 1');
    await first.run('GET only-here');
    expect((await first.rows()).at(-1)).toBe('output: "1"');
    // a second element on the same page forks a server of its own
    await page.evaluate(() => {
      const el = document.createElement('batch-lease-console');
      el.id = 'element-console-2';
      document.querySelector('main')!.append(el);
    });
    const second = consoleIn(course.element('element-console-2'));
    await second.run('GET only-here');
    expect((await second.rows()).at(-1)).toBe('output: (nil)');
    const told = await page.evaluate(
      () =>
        (window as unknown as { __commands: { command: string; instance: string }[] }).__commands,
    );
    expect(told.map((c) => [c.command, c.instance])).toEqual([
      ['SET', 'element-console'],
      ['GET', 'element-console'],
    ]);
    expect(course.problems).toEqual([]);
  });

  test('a bad setting on the console page shows a notice, and the console still answers', async ({
    page,
    consoleIn,
  }) => {
    await page.goto('/embed/console.html?console=not*lines&predict=1#stepper?preset=nope');
    const notice = page.getByRole('status').filter({ hasText: 'ignored' });
    await expect(notice).toContainText('not a list of console lines');
    await expect(notice).toContainText('only the stepper has it');
    const cli = consoleIn(page);
    await cli.run('PING');
    expect((await cli.rows()).at(-1)).toBe('output: PONG');
  });
});

/** Puts the lesson's module and one custom element on the blank host page. */
/** Puts `<tag>` into the course page, loaded from the lesson's origin. */
const addElement = (page: import('@playwright/test').Page, tag: string) =>
  addElementFrom(page, tag, String(test.info().project.use.baseURL));

const ELEMENT_FAULT_WORDS: Record<Fault, string> = {
  abort: 'The fate picker could not be loaded: the connection failed. Check it, then press Retry.',
  gone: 'The fate picker is no longer on the server: the lesson was updated since this page opened.',
  hang: 'The fate picker is taking too long to load (over 20 s). Check the connection, then press Retry.',
};

for (const fault of FAULTS) {
  test(`a <batch-lease-fates> whose chunk fails (${fault}) says why in its shadow root and recovers on Retry`, async ({
    page,
    courseHost,
    problems,
  }) => {
    problems.allow(
      /Failed to load resource|Failed to fetch dynamically imported module|batch-lease-fates/,
    );
    if (fault === 'hang') await page.clock.install();
    const broken = await breakChunk(page, 'element-fates', fault);
    await page.goto(`${courseHost.url}/blank.html`);
    await addElement(page, 'batch-lease-fates');
    if (fault === 'hang') {
      await expect.poll(() => broken.requests()).toBeGreaterThan(0);
      await page.clock.runFor(CHUNK_TIMEOUT_MS + 1000);
    }
    const el = page.locator('batch-lease-fates');
    const failed = el.getByTestId('part-failed');
    await expect(failed).toContainText(ELEMENT_FAULT_WORDS[fault]);
    if (fault === 'gone')
      await expect(failed.getByRole('button', { name: 'Reload the page' })).toBeVisible();
    await broken.heal();
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(el.locator('[data-ready="true"]')).toBeVisible();
    await expect(el.getByTestId('part-failed')).toHaveCount(0);
  });
}

test('the embedded console whose chunk fails says why, in the page and in the element, and recovers', async ({
  page,
  courseHost,
  problems,
  consoleIn,
}) => {
  problems.allow(
    /Failed to load resource|Failed to fetch dynamically imported module|ChunkLoadError/,
  );
  const broken = await breakChunk(page, 'embedded-console', 'gone');
  await page.goto('/embed/console.html#stepper?preset=default&x=script&k=2');
  const failed = page.getByTestId('part-failed');
  await expect(failed).toContainText(
    'The console is no longer on the server: the lesson was updated since this page opened. Reload the page; your place is kept.',
  );
  await broken.heal();
  await failed.getByRole('button', { name: 'Reload the page' }).click();
  await expect(page.getByTestId('console-origin')).toContainText('step 2 of');

  // the element, on another origin: the same message inside its shadow root, and Retry
  const again = await breakChunk(page, 'embedded-console', 'abort');
  await page.goto(`${courseHost.url}/blank.html`);
  await addElement(page, 'batch-lease-console');
  const el = page.locator('batch-lease-console');
  await expect(el.getByTestId('part-failed')).toContainText(
    'The console could not be loaded: the connection failed.',
  );
  await again.heal();
  await el.getByRole('button', { name: 'Retry' }).click();
  const cli = consoleIn(el);
  await cli.run('PING');
  expect((await cli.rows()).at(-1)).toBe('output: PONG');
});
