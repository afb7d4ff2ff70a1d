import { describe, expect, it } from 'vitest';
import { defaultScenario } from './presets.ts';
import { isScenarioShape } from './shape.ts';

describe('isScenarioShape', () => {
  const good = () => JSON.parse(JSON.stringify(defaultScenario())) as Record<string, unknown>;

  it('accepts the default scenario and its JSON round trip', () => {
    expect(isScenarioShape(good())).toBe(true);
  });

  it.each([
    ['a missing field', (s: Record<string, unknown>) => delete s.leaseMs],
    ['an unknown field', (s: Record<string, unknown>) => (s.extra = 1)],
    ['a fractional lease', (s: Record<string, unknown>) => (s.leaseMs = 1.5)],
    ['a lease as a string', (s: Record<string, unknown>) => (s.leaseMs = '30000')],
    ['an unsafe integer clock', (s: Record<string, unknown>) => (s.clockMs = 2 ** 60)],
    ['a queue with braces', (s: Record<string, unknown>) => (s.queue = '{q}')],
    ['an unknown caller', (s: Record<string, unknown>) => (s.caller = 'admin')],
    ['held as an object', (s: Record<string, unknown>) => (s.held = {})],
    [
      'a pair with markup for a token',
      (s: Record<string, unknown>) => ((s.held as unknown[])[0] = { id: 'A', token: '<b>1</b>' }),
    ],
    [
      'a job with an unknown place',
      (s: Record<string, unknown>) =>
        ((s.jobs as Array<Record<string, unknown>>)[0]!.place = 'elsewhere'),
    ],
    [
      'a text over 512 characters',
      (s: Record<string, unknown>) => (s.trailingId = 'x'.repeat(513)),
    ],
    [
      'too many pairs',
      (s: Record<string, unknown>) => (s.held = Array(5001).fill({ id: 'A', token: 1 })),
    ],
  ])('refuses %s', (_name, spoil) => {
    const s = good();
    spoil(s);
    expect(isScenarioShape(s)).toBe(false);
  });

  it('refuses what is not an object', () => {
    for (const v of [null, 1, 'x', [], undefined]) expect(isScenarioShape(v)).toBe(false);
  });
});
