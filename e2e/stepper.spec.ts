import { expect, test } from './fixtures/test.ts';

import { SEED_ID } from '../src/scenario/presets.ts';
import {
  attemptsSays,
  failedAfterSays,
  failedSays,
  memberSays,
  onPage,
  returnsSays,
  tokenSays,
  W,
} from '../src/stepper/words/narration.test-helper.ts';
const FAILED = ['JOB0KHTP2xVbQe', 'JOB0KHTQ8mRsLd', 'JOB0KHTR5cWyNf'] as const;

test.describe('the stepper', () => {
  test('steps the default scenario member by member to its end', async ({
    stepper,
    problems,
  }, testInfo) => {
    await stepper.goto();
    await expect(stepper.counter).toHaveText(/^step 0 of \d+$/);

    const expected = [
      [
        memberSays(SEED_ID, [tokenSays(1), attemptsSays(1), W.member.inActive], W.member.rescored),
        '[]',
      ],
      [
        memberSays(FAILED[0], [tokenSays(1), attemptsSays(2)], failedSays('token')),
        `["${FAILED[0]}"]`,
      ],
      [
        memberSays(FAILED[1], [tokenSays(1), W.member.noRow], failedSays('row')),
        `["${FAILED[0]}", "${FAILED[1]}"]`,
      ],
      [
        memberSays(
          FAILED[2],
          [tokenSays(1), attemptsSays(1), W.member.notInActive],
          failedSays('membership'),
        ),
        `["${FAILED.join('", "')}"]`,
      ],
    ] as const;
    for (const [n, [line, failed]] of expected.entries()) {
      await stepper.forwardMember();
      await expect(stepper.narration).toContainText(onPage(line));
      await expect(stepper.narration).toContainText(failedAfterSays(n + 1, failed));
      await expect(stepper.verdictOf(n)).toHaveText(n === 0 ? 're-scored' : 'failed');
      if (n === 0) await stepper.screenshot(testInfo, 'member-1');
    }
    await stepper.last();
    await expect(stepper.narration).toContainText(
      onPage(returnsSays(`["${FAILED.join('", "')}"]`)),
    );
    await expect(stepper.failedList).toHaveText(`["${FAILED.join('", "')}"]`);
    await stepper.showReply();
    await expect(stepper.replyCli).toHaveText(
      FAILED.map((id, n) => `${n + 1}) "${id}"`).join('\n'),
    );
    await expect(stepper.replyElixir).toHaveText(`{:ok, ["${FAILED.join('", "')}"]}`);
    await expect(stepper.currentCodeLine).toContainText('return failed');
    await stepper.screenshot(testInfo, 'end');

    // step back: the reply is withdrawn and the run stands on the last member again
    const end = await stepper.stepNumber();
    await stepper.backLine();
    expect(await stepper.stepNumber()).toBe(end - 1);
    await expect(stepper.replyCli).toHaveCount(0);
    await stepper.backMember();
    await expect(stepper.narration).toContainText(
      onPage(memberSays(FAILED[2], [tokenSays(1), attemptsSays(1), W.member.notInActive])),
    );
    await stepper.backMember();
    await expect(stepper.narration).toContainText(
      onPage(memberSays(FAILED[1], [tokenSays(1), W.member.noRow], failedSays('row'))),
    );
    await expect(stepper.failedList).toHaveText(`["${FAILED[0]}", "${FAILED[1]}"]`);
    await stepper.screenshot(testInfo, 'stepped-back');
    expect(problems.warnings).toEqual([]);
  });

  test('answers its keys only while it has focus', async ({ page, stepper }) => {
    await stepper.goto();
    await page.keyboard.press('End');
    await expect(stepper.counter).toHaveText(/^step 0 of/);
    await stepper.focus();
    await page.keyboard.press('ArrowRight');
    await expect(stepper.counter).toHaveText(/^step 1 of/);
    await page.keyboard.press('End');
    await expect(stepper.counter).toHaveText(/^step (\d+) of \1$/);
    await stepper.showReply();
    await expect(stepper.replyElixir).toContainText('{:ok, [');
    await page.keyboard.press('Home');
    await expect(stepper.counter).toHaveText(/^step 0 of/);
  });

  test('switches to the native executor', async ({ stepper }, testInfo) => {
    await stepper.goto();
    await stepper.executor('native');
    await expect(stepper.root).toHaveAttribute('data-executor', 'native');
    if ((await stepper.nativeUnavailable.count()) > 0) {
      // the sim has no native twin yet: the stepper says so plainly
      await expect(stepper.nativeUnavailable).toContainText('not loaded');
    } else {
      await stepper.last();
      await stepper.showReply();
      await expect(stepper.replyCli).toHaveText(
        FAILED.map((id, n) => `${n + 1}) "${id}"`).join('\n'),
      );
      await expect(stepper.currentCodeLine).toBeVisible();
    }
    await stepper.screenshot(testInfo, 'native');
    await stepper.executor('script');
    await expect(stepper.counter).toHaveText(/^step 0 of/);
  });

  test('comes back to a shared state from the URL', async ({ page, stepper }) => {
    await stepper.goto('stepper?preset=reaped&x=script&k=5');
    await expect(stepper.counter).toHaveText(/^step 5 of/);
    await stepper.forwardMember();
    await expect(stepper.counter).not.toHaveText(/^step 5 of/);
    // the hash already said k=5, so wait for it to name the step now shown, not just any k
    const shown = await stepper.stepNumber();
    expect(shown).toBeGreaterThan(5);
    await expect
      .poll(() => page.evaluate(() => location.hash))
      .toBe(`#stepper?preset=reaped&x=script&k=${shown}`);
    await page.reload();
    await expect(stepper.counter).toHaveText(new RegExp(`^step ${shown} of`));
  });
});
