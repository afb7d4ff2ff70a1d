import { expect, test } from './fixtures/test.ts';
import { FATE_EXPECTATIONS } from './fixtures/fate-picker-page.ts';
import { AXE_TIMEOUT_MS, PageAxe } from './fixtures/axe.ts';
import { inEitherTheme, SCHEMES } from './fixtures/themes.ts';

test('the fate picker works for every fate', async ({ picker, problems }) => {
  await picker.open();
  await expect(picker.heading).toBeVisible();
  await expect(picker.group).toBeEnabled();
  await expect(picker.root.getByRole('radio')).toHaveCount(FATE_EXPECTATIONS.length);
  for (const f of FATE_EXPECTATIONS) {
    await picker.pick(f.label);
    await picker.expectFate(f);
    if (f.steppable) await expect(picker.stepIt).toHaveAttribute('href', /^#stepper\?s=/);
    else await expect(picker.noStep).toContainText('an id must not contain whitespace');
  }
  expect(problems.warnings).toEqual([]);
});

test('the fates are a radio group the keyboard can walk', async ({ picker, page }) => {
  await picker.open();
  await picker.fate('live').focus();
  await page.keyboard.press('ArrowRight');
  await expect(picker.fate('no row')).toBeChecked();
  await expect(picker.fate('no row')).toBeFocused();
  await picker.expectFate(FATE_EXPECTATIONS[1]!);
  await page.keyboard.press('ArrowRight');
  await picker.expectFate(FATE_EXPECTATIONS[2]!);
  await page.keyboard.press('ArrowLeft');
  await picker.expectFate(FATE_EXPECTATIONS[1]!);
  // one Tab leaves the group for the panel's "step it" link
  await page.keyboard.press('Tab');
  await expect(picker.stepIt).toBeFocused();
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('it reads: the prerendered live fate with its computed answers', async ({ picker }) => {
    await picker.open({ hydrated: false });
    await expect(picker.fate('live')).toBeChecked();
    await picker.expectFate(FATE_EXPECTATIONS[0]!);
    await expect(picker.why).toContainText('the id is in active');
    // only the script can switch fates, so the choices say they are off
    await expect(picker.fate('stale token')).toBeDisabled();
  });
});

test('"step it" opens the stepper on that fate’s state', async ({ picker, page, stepper }) => {
  await picker.open();
  await picker.pick('stale token');
  await picker.stepIt.click();
  await expect(page).toHaveURL(/#stepper\?s=.*&compare=1$/);
  await expect(stepper.counter).toHaveText(/^step 0 of \d+/);
  await stepper.last();
  // the link opens the compare view where the tabs stand; closed, the reply is a tab away
  await stepper.closeDrawer();
  await stepper.showReply();
  await expect(stepper.replyElixir).toContainText('{:ok, ["JOB0KHTP2xVbQe"]}');
});

test('at 390 px every fate fits without horizontal scrolling', async ({ picker, page }, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await picker.open();
  for (const f of FATE_EXPECTATIONS) {
    await picker.pick(f.label);
    await picker.expectFate(f);
    expect(await picker.horizontalOverflow(), f.label).toBeLessThanOrEqual(0);
  }
  await picker.pick('wrong-type row');
  const path = info.outputPath('fate-picker-390.png');
  await picker.root.screenshot({ path });
  await info.attach('fate picker at 390 px (wrong-type row)', { path, contentType: 'image/png' });
});

test('axe passes on every fate in either theme', async ({ picker, page }) => {
  test.setTimeout(SCHEMES.length * AXE_TIMEOUT_MS);
  await picker.open();
  for (const f of FATE_EXPECTATIONS) {
    await picker.pick(f.label);
    // each theme with the fate as it is, never picked twice (fixtures/themes.ts)
    await inEitherTheme(page, async (scheme) => {
      const results = await new PageAxe({ page })
        .include('#fate-picker')
        .inScheme(scheme)
        .analyze();
      expect(
        results.violations.map(
          (v) => `${f.label} · ${scheme} · ${v.id}: ${v.nodes.length} — ${v.help}`,
        ),
      ).toEqual([]);
    });
  }
});
