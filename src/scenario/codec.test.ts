import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { VARIANTS } from '../vocabulary/index.ts';
import { SPEEDS } from '../stepper/machine/stepperMachine.ts';
import { decodeHash, encodeHash, presetOf, withLimitMarker, type SharedState } from './codec.ts';
import { PRESETS, PRESET_PAIRS, presetById, type PresetId } from './presets.ts';
import { SHARE_CAPS } from './caps.ts';
import { shareHash, tooLargeNotice } from './share.ts';
import { BATCH_SOURCE } from '@batch-lease/echomq';

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

  it('reads a link that sets the stepper without naming a scenario as the default scenario', () => {
    // a hand-made link (or a course author's) that only asks for predict mode at a step
    expect(decodeHash('#stepper?x=script&k=3&p=1', 'stepper')?.state).toEqual({
      scenario: presetById('default').build(),
      executor: 'script',
      step: 3,
      compare: false,
      variant: 'real',
      predict: true,
      picks: {},
      speed: decodeHash('#stepper?preset=default', 'stepper')?.state?.speed,
    });
    expect(decodeHash('#stepper?k=2', 'stepper')?.state).toMatchObject({ step: 2 });
    // a bare anchor, or only the console's lines beside it, sets nothing of the stepper's
    expect(decodeHash('#stepper', 'stepper')).toEqual({ state: null, notice: null });
    expect(decodeHash('#stepper?console=WyJQSU5HIl0', 'stepper')).toEqual({
      state: null,
      notice: null,
    });
  });

  it('refuses a variant or picks it does not know, with a notice', () => {
    expect(decodeHash('#stepper?preset=default&v=nope', 'stepper')?.notice).toMatch(/variant/);
    expect(decodeHash('#stepper?preset=default&p=1&picks=0x', 'stepper')?.notice).toMatch(
      /predictions/,
    );
  });

  it('round-trips an edited script (any text: quotes, newlines, non-ASCII, = padding cases)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PRESETS.filter((p) => p.id !== 'thousand')),
        fc.oneof(
          fc.string({ maxLength: 300, unit: 'grapheme' }),
          fc.constant(BATCH_SOURCE.replace(" and redis.call('ZSCORE', KEYS[1], id) then", ' then')),
          fc.constant("return 'héllo · 🗝'\n-- end"),
        ),
        fc.nat({ max: 50 }),
        (preset, script, step) => {
          const state: SharedState = {
            scenario: preset.build(),
            executor: 'script',
            step,
            compare: false,
            variant: 'real',
            script,
            predict: false,
            picks: {},
            speed: 2,
          };
          const hash = encodeHash('stepper', state);
          expect(hash).toContain('&lua=');
          expect(decodeHash(hash, 'stepper')?.state).toEqual(state);
          const shared = shareHash('stepper', state);
          expect(shared).toEqual({ ok: true, hash });
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('leaves the script out for the lesson’s script and the variants (old links read as before)', () => {
    const state: SharedState = {
      scenario: PRESETS[0]!.build(),
      executor: 'script',
      step: 3,
      compare: false,
      variant: 'clock-per-member',
    };
    expect(encodeHash('stepper', state)).not.toContain('lua=');
    expect(decodeHash(encodeHash('stepper', state), 'stepper')?.state?.script).toBeUndefined();
  });

  it('shares a script up to the cap, and says why above it', () => {
    const at = (n: number): SharedState => ({
      scenario: PRESETS[0]!.build(),
      executor: 'script',
      step: 0,
      compare: false,
      script: `--${'x'.repeat(n - 2)}`,
    });
    expect(shareHash('stepper', at(SHARE_CAPS.scriptChars)).ok).toBe(true);
    const over = shareHash('stepper', at(SHARE_CAPS.scriptChars + 1));
    expect(over).toEqual({
      ok: false,
      why: 'its edited script has 8,001 characters; a link carries at most 8,000',
    });
    if (!over.ok)
      expect(tooLargeNotice(over.why)).toMatch(
        /^This edited script is too large to share as a link/,
      );
  });

  /** A learner's endless script at step 7 of the first preset: the marker cases' state. */
  const endlessAt7 = (): SharedState => ({
    scenario: PRESETS[0]!.build(),
    executor: 'script',
    step: 7,
    compare: false,
    variant: 'real',
    script: 'while true do end',
    predict: false,
  });

  it('says a script reached a limit when it last ran (limit=1), and reads it back', () => {
    const state: SharedState = { ...endlessAt7(), limited: true, picks: {}, speed: 2 };
    const hash = encodeHash('stepper', state);
    expect(hash).toMatch(/&lua=[\w-]+&limit=1(&|$)/);
    expect(decodeHash(hash, 'stepper')?.state).toEqual(state);
    // absent: no marker written, none read
    const { limited: _, ...unmarked } = state;
    expect(encodeHash('stepper', unmarked)).not.toContain('limit=');
    expect(decodeHash(encodeHash('stepper', unmarked), 'stepper')?.state).toEqual(unmarked);
    // without a script of the learner's there is nothing to hold: no marker
    expect(encodeHash('stepper', { ...unmarked, script: undefined, limited: true })).not.toContain(
      'limit=',
    );
  });

  it('says the learner stopped the script’s last run (limit=stopped), and reads it back held', () => {
    // the state of the limit=1 case above, the learner's Stop its mark
    const state: SharedState = {
      ...decodeHash(encodeHash('stepper', endlessAt7()), 'stepper')!.state!,
      limited: true,
      stopped: true,
    };
    const hash = encodeHash('stepper', state);
    expect(hash).toMatch(/&lua=[\w-]+&limit=stopped(&|$)/);
    expect(decodeHash(hash, 'stepper')?.state).toEqual(state);
    // beside no script it is no marker, as limit=1 is none
    expect(
      decodeHash('#stepper?preset=default&k=2&limit=stopped', 'stepper')?.state,
    ).not.toHaveProperty('stopped');
  });

  it('sets the marker an embed page writes after its run: a limit, the learner’s Stop, or none', () => {
    const lua = Buffer.from('while true do end').toString('base64url');
    const plain = `#stepper?preset=default&x=script&k=3&lua=${lua}`;
    const read = (hash: string) => decodeHash(hash, 'stepper')?.state;
    const limited = withLimitMarker(plain, 'stepper', 'limit');
    expect(read(limited)).toMatchObject({ limited: true });
    expect(read(limited)).not.toHaveProperty('stopped');
    const stopped = withLimitMarker(limited, 'stepper', 'stopped');
    expect(stopped).toMatch(/&limit=stopped$/);
    expect(read(stopped)).toMatchObject({ limited: true, stopped: true });
    expect(withLimitMarker(stopped, 'stepper', 'none')).toBe(plain);
    // beside no script there is nothing to mark
    const noScript = '#stepper?preset=default&x=script&k=3';
    expect(withLimitMarker(noScript, 'stepper', 'stopped')).toBe(noScript);
  });

  it('ignores a hand-made marker that is not limit=1 beside a script: the link reads as unmarked', () => {
    const lua = `lua=${btoa('return 1').replace(/=+$/, '')}`;
    const read = (q: string) => decodeHash(`#stepper?preset=default&k=2&${q}`, 'stepper');
    // the control: the marker as the stepper writes it holds the script back
    expect(read(`${lua}&limit=1`)?.state?.limited).toBe(true);
    for (const q of [
      `${lua}&limit=0`,
      `${lua}&limit=2`,
      `${lua}&limit=yes`,
      `${lua}&limit=`,
      `${lua}&limit=%201`,
      'limit=1',
      'v=clock-per-member&limit=1',
    ]) {
      const r = read(q);
      expect(r?.notice, q).toBeNull();
      expect(r?.state, q).not.toHaveProperty('limited');
    }
  });

  it('refuses a script it cannot read, or one longer than a link carries, with a notice', () => {
    expect(decodeHash('#stepper?preset=default&lua=%%%', 'stepper')?.notice).toMatch(
      /script is not readable/,
    );
    const long = btoa('-'.repeat(SHARE_CAPS.scriptChars + 1));
    expect(decodeHash(`#stepper?preset=default&lua=${long}`, 'stepper')?.notice).toMatch(
      /script is longer than a link carries/,
    );
  });
});

describe('presetOf', () => {
  it('names every preset, from its own build and from an equal copy made another way', () => {
    for (const p of PRESETS) {
      expect(presetOf(p.build())).toBe(p.id);
      expect(presetOf(structuredClone(p.build()))).toBe(p.id);
    }
  });

  it('names a preset’s own build without printing any scenario', () => {
    const built = presetById('thousand').build();
    const spy = vi.spyOn(JSON, 'stringify');
    try {
      expect(presetOf(built)).toBe('thousand');
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('knows the size of each preset it does not build to compare with', () => {
    for (const [id, pairs] of Object.entries(PRESET_PAIRS))
      expect(presetById(id as PresetId).build().held.length).toBe(pairs);
  });

  it('does not name a copy changed in one lease', () => {
    const copy = structuredClone(presetById('thousand').build());
    copy.leaseMs += 1;
    expect(presetOf(copy)).toBeNull();
  });
});
