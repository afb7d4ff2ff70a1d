import { stepperWords as T } from '../content/stepper.ts';
import { expect, test } from './fixtures/test.ts';

// Text a learner or a link chose is shown, never obeyed: a byte that is not UTF-8 reads \xhh in
// the stepper as in the console, a format character is spelled out, and an embed's notice repeats
// neither an RLO nor an address from its link.

/** A script link as the stepper writes one: `lua=` is base64url of the text. */
const scriptLink = (lua: string, k: number) =>
  `stepper?preset=default&x=script&k=${k}&lua=${Buffer.from(lua).toString('base64url')}`;

test('a value with a byte that is not UTF-8 and an RLO reads the same in the stepper and the console', async ({
  stepper,
  stepperConsole,
}) => {
  // the byte 0xff, then RLO (its UTF-8 bytes), then text the RLO would have reversed
  const lua = "local s = string.char(255) .. '\\226\\128\\174' .. 'abc'\nreturn s\n";
  await stepper.goto(scriptLink(lua, 2));
  // at step 2 the value is the local `s`: the locals are a tab of the stage, whose panel is drawn
  // only while it is open, so it is opened as a learner would. The run arrives once the
  // simulator's chunk has loaded: wait for the value, then read all the stepper shows
  await stepper.showTab(T.stage.tab.locals);
  await expect(stepper.root).toContainText('"\\xff\\u202Eabc"');
  const text = (await stepper.root.textContent()) ?? '';
  expect(text).not.toMatch(/[\ufffd\u202e]/);
  // the console prints the script's reply as redis-cli does: the bytes, escaped
  await stepperConsole.details.click();
  await expect(stepperConsole.input).toBeVisible();
  await stepperConsole.run(`EVAL "${lua.replace(/\n/g, ' ').replace(/\\/g, '\\\\')}" 0`);
  await expect(stepperConsole.lastRow('output')).toHaveText('"\\xff\\xe2\\x80\\xaeabc"');
});

test('an embed notice repeats neither an RLO nor an address from its link', async ({ page }) => {
  await page.goto(
    `/embed/stepper.html?theme=${encodeURIComponent('dark\u202e https://evil.example/login')}`,
  );
  const notice = page.getByRole('status').filter({ hasText: 'ignored' });
  await expect(notice).toContainText('theme');
  const said = (await notice.textContent()) ?? '';
  expect(said).not.toMatch(/[\u202e]/);
  expect(said).not.toContain('evil.example');
  await expect(page.getByTestId('step-counter')).toHaveText(/step 0 of/);
});
