import { stepperWords as T } from '../content/stepper.ts';
import { liveJob, scenarioOf } from '../src/scenario/presets.ts';
import { expect, test } from './fixtures/test.ts';
import { atStep } from './fixtures/at-step.ts';
import { STEP_COUNTER } from './fixtures/stepper-page.ts';

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

test('an RLO or a zero-width space in one id neither reverses nor hides its neighbours, at any step', async ({
  stepper,
}) => {
  // three stale tokens, so all three ids fail and stand side by side in the reply; the first
  // holds an RLO, which would reverse what follows it, the last a zero-width space, which would
  // hide where one id ends
  const ids = ['ab\u202ecd', 'plain-2', 'ef\u200bgh'];
  const shown = ['ab\\u202Ecd', 'plain-2', 'ef\\u200Bgh'];
  const scenario = scenarioOf(
    ids.map((id) => liveJob(id)),
    ids.map((id) => ({ id, token: 2 })),
  );
  const s = Buffer.from(JSON.stringify(scenario)).toString('base64url');
  await stepper.goto(`stepper?s=${s}&x=script&k=0`);
  await stepper.forwardMember();
  // the narration names the first member, spelled out, in an isolate of its own
  await expect(stepper.narration.locator('bdi').first()).toHaveText(shown[0]!);
  await stepper.last();
  const list = `[${shown.map((id) => `"${id}"`).join(', ')}]`;
  await expect(stepper.failedList).toHaveText(list);
  await stepper.showReply();
  await expect(stepper.replyElixir).toHaveText(`{:ok, ${list}}`);
  // nothing the stepper shows holds the characters themselves: every step, under every tab
  const n = Number(/of (\d+)/.exec((await stepper.counter.textContent())!)![1]);
  for (const tab of [T.stage.tab.locals, T.stage.tab.keyspace, T.stage.tab.call]) {
    await stepper.first();
    await stepper.showTab(tab);
    for (let k = 0; k <= n; k++) {
      if (k > 0) await stepper.forwardLine();
      // the step's words, read once its counter shows it, with the counter's own words
      const [counter, text] = await atStep(
        stepper.page,
        k,
        (root, counter) => [root.querySelector(counter)?.textContent, root.textContent ?? ''],
        STEP_COUNTER,
      );
      expect(counter).toBe(`step ${k} of ${n}`);
      expect(text.match(/.{0,40}[\u202e\u200b].{0,40}/)?.[0], `${tab}, step ${k}`).toBeUndefined();
    }
  }
});
