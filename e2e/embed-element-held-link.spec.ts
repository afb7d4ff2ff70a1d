import { routeSameOriginCourse, SAME_ORIGIN_COURSE } from './fixtures/same-origin-course.ts';
import { expect, test } from './fixtures/test.ts';
import { addElement } from './fixtures/add-element.ts';

/**
 * The console's custom element given a `state` whose `lua=` is marked (`limit=1`: its run
 * reached a limit of the simulator; `limit=stopped`: the learner stopped it) opens as the embed
 * page does (e2e/embed-console-hostile-link.spec.ts): the script shown, not run, a notice that
 * says truthfully why, and the console answering at once. The two share EmbeddedConsole; this
 * proves the element hands it the marked state.
 */
const ENDLESS = 'while true do end';
const marked = (mark: string) =>
  `#stepper?preset=default&x=script&k=3&lua=${Buffer.from(ENDLESS).toString('base64url')}&limit=${mark}`;

for (const [mark, why] of [
  ['1', 'The link’s script was not run: the link says it reached a limit'],
  ['stopped', 'The link’s script was not run: the link says you stopped it'],
] as const) {
  test(`the console element opens a link marked limit=${mark} with its script held, not run`, async ({
    page,
    consoleIn,
  }) => {
    // a course page on the lesson's own origin, so the element can start the simulator's worker
    await routeSameOriginCourse(page);
    await page.goto(SAME_ORIGIN_COURSE);
    await addElement(page, 'batch-lease-console', page.url(), { state: marked(mark) });
    const element = page.locator('batch-lease-console');
    const held = element.getByTestId('link-held-script');
    await expect(held).toContainText(why);
    await expect(held.getByLabel('The link’s script')).toHaveText(ENDLESS);
    await expect(held.getByRole('button', { name: 'Run it again' })).toBeVisible();
    const cli = consoleIn(element);
    await cli.run('PING');
    expect((await cli.rows()).at(-1)).toBe('output: PONG');
    // nothing was run: no running notice, and no word of how a run ended (fixtures/never-running.ts
    // cannot look into the element's shadow root, so the element's own notices are asserted)
    await expect(element.getByTestId('link-run-running')).toHaveCount(0);
    await expect(element.getByTestId('link-run')).toHaveCount(0);
  });
}
