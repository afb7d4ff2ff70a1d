import type { Page } from '@playwright/test';
import { liveJob, scenarioOf } from '../src/scenario/presets.ts';
import { predictToReply } from './fixtures/stepper-page.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * What a course page on another origin hears from the lesson's frames: every message is
 * recorded from before the first frame loads, and read as the host reads it.
 */

interface Heard {
  origin: string;
  data: Record<string, unknown>;
}

/** Puts frames on the blank host page (another origin) and records every message from the start. */
async function host(page: Page, hostUrl: string, frames: { name: string; src: string }[]) {
  await page.addInitScript(() => {
    const w = window as unknown as { __heard: unknown[] };
    w.__heard = [];
    window.addEventListener('message', (e) => w.__heard.push({ origin: e.origin, data: e.data }));
  });
  await page.goto(`${hostUrl}/blank.html`);
  const base = String(test.info().project.use.baseURL);
  await page.evaluate(
    ([list, lesson]) => {
      for (const f of list) {
        const frame = document.createElement('iframe');
        frame.name = f.name;
        frame.src = new URL(f.src, lesson).href;
        frame.width = '900';
        frame.height = '900';
        document.querySelector('main')!.append(frame);
      }
    },
    [frames, base] as const,
  );
  return {
    heard: () =>
      page.evaluate(() => (window as unknown as { __heard: Heard[] }).__heard) as Promise<Heard[]>,
    frame: (name: string) => page.frameLocator(`iframe[name="${name}"]`),
  };
}

const events = (heard: Heard[], instance: string) =>
  heard.filter((m) => m.data.instance === instance && typeof m.data.type === 'string');

const stepsOf = (n: string) => new RegExp(`^step \\d+ of ${n}$`);

test('ready carries the n of the run the frame shows, and each step is told once', async ({
  page,
  courseHost,
}) => {
  const h = await host(page, courseHost.url, [
    { name: 'reaped', src: 'embed/stepper.html#stepper?preset=reaped&x=script&k=0' },
    { name: 'plain', src: 'embed/stepper.html' },
  ]);
  const counter = h.frame('reaped').getByTestId('step-counter');
  await expect(h.frame('plain').getByTestId('step-counter')).toHaveText(/^step 0 of \d+$/);
  await expect.poll(async () => events(await h.heard(), 'plain').length).toBeGreaterThan(1);
  await expect.poll(async () => events(await h.heard(), 'reaped').length).toBeGreaterThan(1);
  // read the length once the frame has told its host it is up: before hydration the
  // prerendered counter still shows the default run's length
  await expect(counter).toHaveText(/^step 0 of [1-9]\d*$/);
  const n = Number(/of (\d+)/.exec((await counter.textContent())!)![1]);
  await h.frame('reaped').getByRole('button', { name: 'Forward one line', exact: true }).click();
  await expect(counter).toHaveText(stepsOf(String(n)));
  await expect(counter).toHaveText(/^step 1 of/);
  await expect
    .poll(async () => events(await h.heard(), 'reaped').map((m) => [m.data.type, m.data.k ?? null]))
    .toEqual([
      ['batch-lease:ready', null],
      ['batch-lease:step', 0],
      ['batch-lease:step', 1],
    ]);
  const reaped = events(await h.heard(), 'reaped');
  // ready speaks of the run shown (the reaped preset's), never the default run's length first
  expect(reaped.map((m) => m.data.n)).toEqual([n, n, n]);
  const plainN = Number(
    /of (\d+)/.exec((await h.frame('plain').getByTestId('step-counter').textContent())!)![1],
  );
  expect(plainN).not.toBe(n);
  expect(
    events(await h.heard(), 'plain').map((m) => [m.data.type, m.data.k ?? null, m.data.n]),
  ).toEqual([
    ['batch-lease:ready', null, plainN],
    ['batch-lease:step', 0, plainN],
  ]);
});

test('predict=1 with a stepper state in the hash opens in predict mode at that step', async ({
  page,
  courseHost,
}) => {
  const h = await host(page, courseHost.url, [
    { name: 'p', src: 'embed/stepper.html?predict=1#stepper?preset=default&x=script&k=3' },
  ]);
  const f = h.frame('p');
  await expect(f.getByTestId('step-counter')).toHaveText(/^step 3 of/);
  await expect(f.getByRole('checkbox', { name: /Predict mode/ })).toBeChecked();
  await expect(f.getByRole('region', { name: 'Predict mode' })).toBeVisible();
});

test('the fate picker keeps the fate chosen in its link, and the lesson link carries it', async ({
  page,
  courseHost,
}) => {
  const h = await host(page, courseHost.url, [{ name: 'f', src: 'embed/fates.html' }]);
  const f = h.frame('f');
  await expect(f.locator('[data-ready="true"]')).toBeVisible();
  const radios = f.getByRole('radio');
  const last = radios.last();
  const value = await last.getAttribute('value');
  await last.check();
  await expect
    .poll(() => f.locator('body').evaluate(() => location.search))
    .toContain(`fate=${value}`);
  const link = f.getByRole('link', { name: 'Open the full lesson' });
  await link.focus();
  await expect(link).toHaveAttribute('href', new RegExp(`fate=${value}`));
  // the full lesson opens its own picker at that fate
  const lesson = await link.evaluate((a) => (a as HTMLAnchorElement).href);
  // the chosen fate survives a reload of the frame
  await f.locator('body').evaluate(() => location.reload());
  await expect(h.frame('f').getByRole('radio').last()).toBeChecked();
  await page.goto(lesson);
  await expect(page.locator(`#fate-picker input[value="${value}"]`)).toBeChecked();
});

test('a host on another origin hears no word, id or password the learner typed', async ({
  page,
  courseHost,
  consoleIn,
}) => {
  // a scenario whose member ids the learner chose, as a link carries it
  const mine = ['SECRETIDALPHA', 'SECRETIDBETA'];
  const scenario = scenarioOf(
    mine.map((id) => liveJob(id)),
    mine.map((id) => ({ id, token: 1 })),
  );
  const s = Buffer.from(JSON.stringify(scenario)).toString('base64url');
  const state = `#stepper?s=${s}&x=script&k=0`;
  const h = await host(page, courseHost.url, [
    { name: 'own', src: `embed/stepper.html?predict=1${state}` },
    { name: 'cli', src: 'embed/console.html#stepper?preset=default&x=script&k=2' },
  ]);
  const own = h.frame('own');
  await expect(own.getByTestId('step-counter')).toHaveText(/^step 0 of/);
  // walk the run, predicting each verdict as it is asked (the first re-scored, the rest failed)
  const { predictions: asked } = await predictToReply(own, (i) =>
    i === 0 ? 'rescored' : 'failed',
  );
  expect(asked).toBe(2);
  const cli = consoleIn(h.frame('cli'));
  for (const line of [
    'AUTH default hunter2secret',
    'mysecretword is typed here',
    'SET privatekeyname privatevalue',
    'hello 3 AUTH default sesame-pass',
    // a user made with a password, then logged in as: the name and the password are typed
    'ACL SETUSER aliceuser on >s3cret-alice-pw ~* +@all',
    // RESP3 is refused (the simulator speaks RESP2), RESP2 logs in: the password is typed either way
    'HELLO 3 AUTH aliceuser s3cret-alice-pw',
    'HELLO 2 AUTH aliceuser s3cret-alice-pw',
  ])
    await cli.run(line);
  // the lines ran: the console is logged in as the user the learner made
  await cli.run('ACL WHOAMI');
  await expect(cli.log.locator('[data-kind="output"]').last()).toHaveText('"aliceuser"');
  await expect
    .poll(
      async () =>
        events(await h.heard(), 'cli').filter((m) => m.data.type === 'batch-lease:command').length,
    )
    .toBe(8);
  await expect
    .poll(async () =>
      events(await h.heard(), 'own').some((m) => m.data.type === 'batch-lease:completed'),
    )
    .toBe(true);
  const heard = await h.heard();
  const text = JSON.stringify(heard.map((m) => m.data));
  for (const word of [
    ...mine,
    'hunter2secret',
    'mysecretword',
    'MYSECRETWORD',
    'privatekeyname',
    'privatevalue',
    'sesame-pass',
    'aliceuser',
    's3cret-alice-pw',
    'console=',
    '#stepper',
    'preset=',
  ])
    expect(text).not.toContain(word);
  const commands = events(heard, 'cli')
    .filter((m) => m.data.type === 'batch-lease:command')
    .map((m) => m.data.command);
  expect(commands).toEqual(['AUTH', 'unknown', 'SET', 'HELLO', 'ACL', 'HELLO', 'HELLO', 'ACL']);
  // nor does the frame keep a password where it outlives the line: its URL's hash (`console=`,
  // which a reload replays and "Open the full lesson" carries), its ↑/↓ history, that link
  const frame = page.frame({ name: 'cli' })!;
  const kept = await frame.evaluate(() => ({
    hash: location.hash,
    history: localStorage.getItem('emq-console-history') ?? '',
  }));
  // the link takes the frame's lines as the learner reaches for it
  const lessonLink = h.frame('cli').getByRole('link', { name: 'Open the full lesson' });
  await lessonLink.focus();
  const link = await lessonLink.evaluate((a) => (a as HTMLAnchorElement).href);
  const linkLines = (url: string) => {
    const v = /[#&?]console=([\w-]+)/.exec(url)?.[1];
    return v ? Buffer.from(v, 'base64url').toString() : '';
  };
  // what they hold of the lines: the line with no password is kept, each password line is not
  for (const held of [linkLines(kept.hash), kept.history, linkLines(link)]) {
    expect(held).toContain('SET privatekeyname privatevalue');
    for (const secret of ['hunter2secret', 'sesame-pass', 's3cret-alice-pw'])
      expect(held).not.toContain(secret);
  }
  // members are told by their place in the lesson's list, never by the id the learner chose
  const steps = events(heard, 'own').filter((m) => m.data.type === 'batch-lease:step');
  expect(steps.some((m) => m.data.member === 0)).toBe(true);
  const answered = events(heard, 'own').filter((m) => m.data.type === 'batch-lease:answered');
  expect(answered.map((m) => [m.data.member, m.data.id, m.data.answer])).toEqual([
    [0, 'member-0', 'rescored'],
    [1, 'member-1', 'failed'],
  ]);
  // the resize message names the frame's page, with no query or hash
  const srcs = heard.map((m) => m.data.src).filter((s): s is string => typeof s === 'string');
  expect(srcs.length).toBeGreaterThan(0);
  for (const src of srcs) expect(src).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/embed\/\w+\.html$/);
});
