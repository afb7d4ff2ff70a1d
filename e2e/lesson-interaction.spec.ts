import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures/test.ts';

test('loading and hydrating write no console errors or warnings', async ({
  lesson,
  page,
  problems,
}) => {
  await lesson.open();
  await page.waitForLoadState('networkidle');
  expect(problems.warnings).toEqual([]);
});

test.describe('the theme toggle', () => {
  test.use({ colorScheme: 'light' });

  // one page: the toggle by pointer, through a reload and back to System, then by keyboard
  test('switches, persists across a reload, and returns to the system theme; is reachable and usable by keyboard', async ({
    lesson,
    page,
    problems,
  }) => {
    await lesson.open();
    const light = await lesson.theme();
    expect(light.pinned).toBeNull();
    await expect(lesson.themeOption('System')).toBeChecked();

    await lesson.themeOption('Dark').check();
    const dark = await lesson.theme();
    expect(dark.pinned).toBe('dark');
    expect(dark.background).not.toBe(light.background);

    await page.reload();
    // theme-init.js pins the theme before React runs
    expect((await lesson.theme()).pinned).toBe('dark');
    await expect(lesson.copyButton('wire')).toHaveAttribute('data-ready', 'true');
    await expect(lesson.themeOption('Dark')).toBeChecked();

    await lesson.themeOption('System').check();
    expect(await lesson.theme()).toEqual(light);
    expect(problems.warnings).toEqual([]);
    // and by keyboard: from System, the arrow picks Light and pins it
    await lesson.themeOption('System').focus();
    await page.keyboard.press('ArrowRight');
    await expect(lesson.themeOption('Light')).toBeChecked();
    expect((await lesson.theme()).pinned).toBe('light');
  });
});

test.describe('the copy button', () => {
  test('puts the plain source of its listing on the clipboard', async ({
    lesson,
    page,
    context,
  }) => {
    // granted here, not by the test's options, which would make it a context of its own
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await lesson.open();
    const button = lesson.copyButton('extend_locks2');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveText('Copied');
    await expect(lesson.listing('extend_locks2').getByRole('status')).toHaveText(
      'extend_locks2.lua copied to the clipboard',
    );
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(readFileSync('packages/echomq/lua/extend_locks2.lua', 'utf8'));
  });
});
