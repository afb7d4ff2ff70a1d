import { expect, test } from './fixtures/test.ts';
import { DESKTOP, PHONE, PHONE_ON_ITS_SIDE } from './fixtures/screens.ts';

// Stepping must keep the learner's place in view: the controls, the lit line and the panel
// the step changed, on a desktop and on a phone (upright and on its side), for both executors,
// at every step.
const screens = [
  { name: 'desktop 1366 × 900', use: DESKTOP },
  { name: 'phone 390 × 844', use: PHONE },
  { name: 'phone on its side 844 × 390', use: PHONE_ON_ITS_SIDE },
] as const;

for (const screen of screens) {
  test.describe(screen.name, () => {
    test.use(screen.use);

    for (const executor of ['script', 'native'] as const) {
      test(`every step of the default walk on the ${executor} keeps the place in view`, async ({
        stepper,
      }) => {
        await stepper.goto(`stepper?preset=default&x=${executor}&k=0`);
        await stepper.root.scrollIntoViewIfNeeded();
        const m = /of (\d+)/.exec((await stepper.counter.textContent()) ?? '');
        const n = Number(m?.[1]);
        expect(n).toBeGreaterThan(10);
        let followed = 0;
        for (let k = 1; k <= n; k++) {
          await stepper.forwardLine();
          await expect(stepper.counter).toHaveText(new RegExp(`^step ${k} of`));
          const place = await stepper.placeInView();
          expect(place.controls, `the controls at step ${k}`).toBe(true);
          expect(place.lit, `the lit line at step ${k}`).toBe(true);
          if (place.panel !== null) {
            followed++;
            expect(place.panelInView, `the ${place.panel} panel at step ${k}`).toBe(true);
          }
        }
        expect(followed).toBeGreaterThan(n / 2);
      });
    }
  });
}
