import { expect, test } from './fixtures/test.ts';
import { luaLink, WITHIN_LIMIT } from './fixtures/hostile.ts';
import type { StepperPage } from './fixtures/stepper-page.ts';

/**
 * The stepper's Elixir answer for a script's reply, as IEx prints it: IEx inspects with
 * Inspect.Opts' defaults (Elixir 1.18: `limit: 50`, `printable_limit: 4096`), so a long list
 * shows its first items then `...`, and a long string its first 4,096 characters then
 * `<> ...`; the answer was built, and shown, from the whole reply.
 */
async function answerOf(stepper: StepperPage, lua: string) {
  await stepper.goto();
  await stepper.follow(luaLink(lua));
  await expect(stepper.counter).toHaveText(/step (\d+) of \1/, WITHIN_LIMIT);
  // a learner's script reads no clock: its tab is the arguments and the reply
  await stepper.root.getByRole('button', { name: 'Args · reply' }).click();
  return stepper.replyElixir;
}

test.describe("the stepper's Elixir answer", () => {
  test('a reply of 1,000 ids: the failed list shows its first 48, then ...', async ({
    stepper,
  }) => {
    const answer = await answerOf(
      stepper,
      "local t = {} for i = 1, 1000 do t[i] = 'J' .. i end return t",
    );
    // the tuple's :ok takes one of the 50 items, the list itself another
    const ids = Array.from({ length: 48 }, (_, i) => `"J${i + 1}"`);
    await expect(answer).toHaveText(`{:ok, [${ids.join(', ')}, ...]}`);
  });

  test('a reply of a 5,000-character string: its first 4,096 characters, then <> ...', async ({
    stepper,
  }) => {
    const answer = await answerOf(stepper, "return string.rep('x', 5000)");
    await expect(answer).toHaveText(`{:ok, "${'x'.repeat(4096)}" <> ...}`);
  });
});
