import { expect, test } from './fixtures/test.ts';
import { stepperWords as T } from '../content/stepper.ts';
import { fill } from '../src/content/template.ts';
import { hydrated } from './fixtures/reached.ts';

const REAPED = 'JOB0KHTR5cWyNf';
const GUARD = " and redis.call('ZSCORE', KEYS[1], id)";

test('editing the script to drop the guard resurrects the reaped lease; the lesson’s script fails it', async ({
  stepper,
}) => {
  await stepper.goto('stepper?preset=reaped&x=script&k=0');
  await stepper.openScriptEditor();
  await stepper.deleteFromScript(GUARD);
  await stepper.runScript();
  // the edit is the lesson's own counterfactual, so the stepper names it
  await expect(stepper.root.getByLabel('drop the membership guard')).toBeChecked();
  await expect(stepper.markedLines).toHaveCount(1);
  await expect(stepper.markedLines).toHaveAttribute('data-line', '19');
  await expect(stepper.markedLines).toContainText('if att and att == token then');
  await stepper.last();
  await expect(stepper.brokenInvariant).toContainText(fill(T.runNotes.brokenOne, { ids: REAPED }));
  // the editor stands where the state and the tabs do: closed, they show
  await stepper.closeDrawer();
  await stepper.showTab(T.stage.tab.keyspace);
  await expect(stepper.whereIs(REAPED)).toHaveText('active + pending');
  await expect(stepper.failedList).not.toContainText(REAPED);

  await stepper.openScriptEditor();
  await stepper.resetScript();
  await expect(stepper.root.getByLabel('the real script')).toBeChecked();
  await expect(stepper.markedLines).toHaveCount(0);
  await stepper.last();
  await expect(stepper.brokenInvariant).toHaveCount(0);
  await stepper.closeDrawer();
  await expect(stepper.failedList).toContainText(REAPED);
  await expect(stepper.whereIs(REAPED)).toHaveText('pending');
});

test('a learner’s own edit runs, travels in the link, and a compile error is shown at its line', async ({
  page,
  stepper,
}) => {
  await stepper.goto('stepper?preset=reaped&x=script&k=0');
  await stepper.openScriptEditor();
  await stepper.deleteFromScript("redis.call('ZSCORE', KEYS[1], id)");
  await page.keyboard.type('true');
  await stepper.runScript();
  await expect(stepper.root.getByTestId('own-script')).toBeVisible();
  await stepper.last();
  await expect(stepper.brokenInvariant).toContainText(REAPED);
  // the hash follows after a short debounce: wait until it holds this step and the script
  const n = await stepper.stepNumber();
  await expect(page).toHaveURL(new RegExp(`k=${n}&lua=`));

  await page.reload();
  await hydrated(stepper.root);
  await expect(stepper.root.getByTestId('own-script')).toBeVisible();
  // the link kept the step too: the last one, where the invariant is broken
  await expect(stepper.counter).toHaveText(/step (\d+) of \1/);
  await expect(stepper.brokenInvariant).toContainText(REAPED);

  await stepper.openScriptEditor();
  await stepper.deleteFromScript('i = i + 2');
  await page.keyboard.type('i = i +');
  await stepper.runScript();
  await expect(stepper.scriptError).toContainText(
    "ERR Error compiling script (new function): user_script:27: unexpected symbol near 'end'",
  );
  await expect(stepper.scriptError).toContainText('Line 27: The script does not compile');
  await expect(stepper.scriptBox).toHaveValue(/i = i \+\n/);
});
