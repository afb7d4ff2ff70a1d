import { CrashedTab } from './fixtures/crashed-tab.ts';
import { expect, test } from './fixtures/test.ts';

// "Nothing typed is lost": the link carries a run script only once the run has ended and the
// steps rest, so a run that ends the tab ("Aw, Snap") must not take the learner's text with it.
test('a script whose run crashes the tab before its link is written is back in the editor after a reload', async ({
  page,
  browser,
  stepper,
}) => {
  // the tab dies at the moment it would write the link with the run's script, so the crash
  // comes before the link holds the text, whatever the machine's speed
  await page.addInitScript(() => {
    const write = history.replaceState.bind(history);
    const w = window as unknown as { __crashAtLinkWrite?: boolean; __linkWriteHeld?: boolean };
    history.replaceState = (data: unknown, unused: string, url?: string | URL | null) => {
      if (w.__crashAtLinkWrite && String(url ?? '').includes('lua=')) {
        w.__linkWriteHeld = true;
        return;
      }
      write(data, unused, url);
    };
  });
  await stepper.goto('stepper?preset=reaped&x=script&k=0');
  await stepper.openScriptEditor();
  await stepper.deleteFromScript("redis.call('ZSCORE', KEYS[1], id)");
  await page.keyboard.type('true -- my edit');
  const typed = await stepper.scriptBox.inputValue();
  await page.evaluate(() => {
    (window as unknown as { __crashAtLinkWrite: boolean }).__crashAtLinkWrite = true;
  });
  await stepper.runScript();
  await page.waitForFunction(
    () => (window as unknown as { __linkWriteHeld?: boolean }).__linkWriteHeld === true,
  );
  expect(page.url()).not.toContain('lua=');
  const url = page.url();

  const tab = await CrashedTab.crash(page, browser);
  await tab.load(url);
  const after = await tab.evaluate<{ text: string; note: string }>(`async () => {
    const until = async (find) => {
      for (;;) {
        const found = find();
        if (found) return found;
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await until(() => document.querySelector('fieldset[data-live]'));
    const summary = await until(() =>
      [...document.querySelectorAll('button')].find((b) => b.textContent.startsWith('Edit the script')),
    );
    summary.click();
    const box = await until(() => document.querySelector('textarea'));
    // the note renders with the field, in the same commit
    const note = document.querySelector('[data-testid="script-kept-note"]');
    return { text: box.value, note: note ? note.textContent : '' };
  }`);
  expect(after.text).toBe(typed);
  expect(after.note).toContain('the link did not carry it yet');
});
