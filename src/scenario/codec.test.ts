import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VARIANTS } from '../machines/variant-ids.ts';
import { SPEEDS } from '../machines/stepperMachine.ts';
import { decodeHash, encodeHash, type SharedState } from './codec.ts';
import { PRESETS } from './presets.ts';

const SEED = 20_261_201;

describe('the whole stepper state travels in the hash', () => {
  it('round-trips scenario, executor, step, compare, variant, predict mode, picks and speed', () => {
    const small = PRESETS.filter((p) => p.id !== 'thousand');
    fc.assert(
      fc.property(
        fc.constantFrom(...small),
        fc.constantFrom('script' as const, 'native' as const),
        fc.nat({ max: 500 }),
        fc.boolean(),
        fc.constantFrom(...VARIANTS),
        fc.boolean(),
        fc.dictionary(
          fc.nat({ max: 20 }).map(String),
          fc.constantFrom('rescored' as const, 'failed' as const),
        ),
        fc.constantFrom(...SPEEDS),
        (preset, executor, step, compare, variant, predict, picks, speed) => {
          const state: SharedState = {
            scenario: preset.build(),
            executor,
            step,
            compare,
            variant,
            predict,
            picks: predict ? picks : {},
            speed,
          };
          const decoded = decodeHash(encodeHash('stepper', state), 'stepper');
          expect(decoded?.notice).toBeNull();
          expect(decoded?.state).toEqual({
            ...state,
            picks: Object.fromEntries(Object.entries(state.picks!).map(([k, v]) => [Number(k), v])),
          });
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('reopens a what-if as the what-if, not as the real script (the reported link)', () => {
    const d = decodeHash('#stepper?preset=default&x=script&k=36&v=no-membership-guard', 'stepper');
    expect(d?.state).toMatchObject({ variant: 'no-membership-guard', step: 36, predict: false });
  });

  it('refuses a variant or picks it does not know, with a notice', () => {
    expect(decodeHash('#stepper?preset=default&v=nope', 'stepper')?.notice).toMatch(/variant/);
    expect(decodeHash('#stepper?preset=default&p=1&picks=0x', 'stepper')?.notice).toMatch(
      /predictions/,
    );
  });
});
