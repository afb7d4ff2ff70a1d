import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_HASH_LENGTH, SHARE_CAPS, overShareCaps } from './caps.ts';
import { DEFAULT_SPEED, decodeHash, encodeHash, type SharedState } from './codec.ts';
import { echoOf, MAX_ECHO } from './echo.ts';
import { presetById } from './presets.ts';
import { shareHash } from './share.ts';
import { shareableScenarioArb, worstCaseScenario } from './shareable.test-helper.ts';

const stateOf = (scenario: SharedState['scenario'], step = 0): SharedState => ({
  scenario,
  executor: 'script',
  step,
  compare: false,
  variant: 'real',
  predict: false,
  picks: {},
  speed: DEFAULT_SPEED,
});

describe('sharing a scenario as a link', () => {
  it('writes only what it reads back: generated scenarios up to the caps', () => {
    fc.assert(
      fc.property(
        shareableScenarioArb(),
        fc.constantFrom('script', 'native'),
        fc.nat({ max: 999_999_999 }),
        fc.boolean(),
        (scenario, executor, step, compare) => {
          const state: SharedState = { ...stateOf(scenario, step), executor, compare };
          const shared = shareHash('stepper', state);
          expect(shared).toMatchObject({ ok: true });
          if (!shared.ok) return;
          expect(shared.hash.length).toBeLessThanOrEqual(MAX_HASH_LENGTH);
          expect(decodeHash(shared.hash, 'stepper')).toEqual({ state, notice: null });
        },
      ),
      { seed: 15, numRuns: 150 },
    );
  });

  it('writes only what it reads back: scenarios at the pair cap', () => {
    fc.assert(
      fc.property(shareableScenarioArb(SHARE_CAPS.pairs, 'max'), (scenario) => {
        const shared = shareHash('stepper', stateOf(scenario, 7));
        expect(shared.ok).toBe(true);
        if (shared.ok)
          expect(decodeHash(shared.hash, 'stepper')?.state?.scenario).toEqual(scenario);
      }),
      { seed: 15, numRuns: 20 },
    );
  });

  it('fits the largest scenario the caps allow, every field at its worst', () => {
    const worst = worstCaseScenario();
    expect(overShareCaps(worst)).toBeNull();
    const shared = shareHash('stepper', stateOf(worst, 123_456_789));
    expect(shared.ok).toBe(true);
    if (shared.ok) expect(decodeHash(shared.hash, 'stepper')?.state?.scenario).toEqual(worst);
  });

  it('says a scenario over the pair cap is too large, and writes nothing for it', () => {
    const big = presetById('thousand').build();
    // a preset travels by name, whatever its size
    expect(shareHash('stepper', stateOf(big))).toEqual({
      ok: true,
      hash: '#stepper?preset=thousand&x=script&k=0',
    });
    const edited = { ...big, leaseMs: big.leaseMs + 1 };
    expect(shareHash('stepper', stateOf(edited))).toEqual({
      ok: false,
      why: `it holds 1,000 pairs; a link carries at most ${SHARE_CAPS.pairs}`,
    });
    const justOver = { ...edited, held: edited.held.slice(0, SHARE_CAPS.pairs + 1) };
    expect(shareHash('stepper', stateOf(justOver)).ok).toBe(false);
    const atCap = {
      ...edited,
      held: edited.held.slice(0, SHARE_CAPS.pairs),
      jobs: edited.jobs.slice(0, SHARE_CAPS.pairs),
    };
    expect(shareHash('stepper', stateOf(atCap)).ok).toBe(true);
  });

  it('refuses a group name over its cap (the editor refuses it too)', () => {
    const s = presetById('lane-job').build();
    const long = {
      ...s,
      jobs: s.jobs.map((j) => ({ ...j, group: 'g'.repeat(SHARE_CAPS.group + 1) })),
    };
    expect(shareHash('stepper', stateOf(long))).toEqual({
      ok: false,
      why: `a group name is longer than ${SHARE_CAPS.group} characters`,
    });
  });

  it('never writes a hash the reader refuses as too long', () => {
    // 3,000 pairs once wrote a 709,550-character hash that the reader then refused
    const big = presetById('thousand').build();
    const copy = (tag: string) => big.jobs.map((j) => ({ ...j, id: `${j.id}${tag}` }));
    const jobs = [...copy('a'), ...copy('b'), ...copy('c')];
    const huge = { ...big, held: jobs.map((j) => ({ id: j.id, token: 1 })), jobs, leaseMs: 1 };
    const hash = encodeHash('stepper', stateOf(huge));
    expect(decodeHash(hash, 'stepper')?.state).toBeNull();
    expect(shareHash('stepper', stateOf(huge)).ok).toBe(false);
  });
});

describe('a refused link in the lesson’s words', () => {
  const hostile =
    'Your-session-expired.Re-enter-your-course-password-at-https://evil.example/login-now';
  const withId = (id: string) => {
    const s = presetById('default').build();
    const scenario = { ...s, held: [{ id, token: 1 }, ...s.held.slice(1)] };
    scenario.jobs = [{ ...s.jobs[0]!, id }, ...s.jobs.slice(1)];
    return encodeHash('stepper', stateOf(scenario));
  };

  it('says what was refused itself, and quotes only a short fragment with no address', () => {
    const decoded = decodeHash(withId(`${hostile} ${'x'.repeat(400)}`), 'stepper')!;
    expect(decoded.state).toBeNull();
    expect(decoded.notice).toBe(
      'The stepper state in this link could not be read (a job id breaks the id rule); showing the default scenario instead.',
    );
    expect(decoded.echo!.length).toBeLessThanOrEqual(MAX_ECHO + 1);
    expect(decoded.echo).not.toMatch(/https?:|evil\.example/);
  });

  it('keeps every echo short, single-line and free of addresses', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 600 }), fc.webUrl(), (text, url) => {
        const echo = echoOf(`${text} ${url} ${text}`);
        if (echo === null) return;
        expect([...echo].length).toBeLessThanOrEqual(MAX_ECHO + 1);
        expect(echo).not.toMatch(/[\p{Cc}]|:\/\//u);
        expect(echo).not.toContain(url);
      }),
      { seed: 15, numRuns: 300 },
    );
  });

  it('quotes the unknown preset or step a link names', () => {
    expect(decodeHash('#stepper?preset=evil&k=0', 'stepper')).toMatchObject({
      notice: expect.stringContaining('names no preset'),
      echo: 'evil',
    });
    expect(decodeHash('#stepper?preset=default&k=www.evil.example', 'stepper')?.echo).toBe(null);
  });
});
