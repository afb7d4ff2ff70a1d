import { expect, test } from './fixtures/test.ts';
import {
  FATE_EXPECTATIONS,
  type FateExpectation,
  type FatePickerPage,
} from './fixtures/fate-picker-page.ts';
import { AXE_TIMEOUT_MS, PageAxe } from './fixtures/axe.ts';
import { inEitherTheme, SCHEMES } from './fixtures/themes.ts';

// One walk by the keyboard through every fate, checking at each what the learner reads and
// axe in either theme: the fates are a radio group, so the arrows reach each in turn.
test('the keyboard walks every fate: each shows its answers and passes axe in either theme', async ({
  picker,
  page,
  problems,
}) => {
  test.setTimeout(SCHEMES.length * AXE_TIMEOUT_MS);
  await picker.open();
  await expect(picker.heading).toBeVisible();
  await expect(picker.group).toBeEnabled();
  await expect(picker.root.getByRole('radio')).toHaveCount(FATE_EXPECTATIONS.length);
  await picker.fate('live').focus();
  for (const [i, f] of FATE_EXPECTATIONS.entries()) {
    if (i > 0) await page.keyboard.press('ArrowRight');
    await expectFocusedFate(picker, f);
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
  // and back: the left arrow returns to the fate before
  const [before, last] = FATE_EXPECTATIONS.slice(-2) as [FateExpectation, FateExpectation];
  await page.keyboard.press('ArrowLeft');
  await expectFocusedFate(picker, before);
  await page.keyboard.press('ArrowRight');
  await expectFocusedFate(picker, last);
  // one Tab leaves the group for the panel's "step it" link
  await page.keyboard.press('Tab');
  await expect(picker.stepIt).toBeFocused();
  expect(problems.warnings).toEqual([]);
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

/** The fate `f` is the checked and focused radio, and its panel reads as it must. */
async function expectFocusedFate(picker: FatePickerPage, f: FateExpectation) {
  await expect(picker.fate(f.label)).toBeChecked();
  await expect(picker.fate(f.label)).toBeFocused();
  await picker.expectFate(f);
  if (f.steppable) await expect(picker.stepIt).toHaveAttribute('href', /^#stepper\?s=/);
  else await expect(picker.noStep).toContainText('an id must not contain whitespace');
}
