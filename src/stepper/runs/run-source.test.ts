import { describe, expect, it, vi } from 'vitest';
import { defaultScenario, presetById } from '../../scenario/presets.ts';
import { createRunSource } from './run-source.ts';
import type { ReadyRun, TraceSource } from './trace-source.ts';

const made: ReadyRun = { status: 'ready', executor: 'script' } as ReadyRun;
const built: ReadyRun = { status: 'ready', executor: 'script' } as ReadyRun;
const simulator: TraceSource = () => made;

describe('the run source', () => {
  it('answers a build-time run for an equal scenario, and the simulator’s for another', () => {
    const runs = createRunSource({
      trace: simulator,
      prerendered: [{ scenario: defaultScenario(), executor: 'script', run: built }],
    });
    expect(runs.runNow(defaultScenario(), 'script')).toBe(built);
    expect(runs.runNow({ ...defaultScenario(), leaseMs: 7 }, 'script')).toBe(made);
    expect(runs.runNow(presetById('thousand').build(), 'script')).toBe(made);
  });

  it('does not print a scenario whose size no build-time run has, to look it up', () => {
    const runs = createRunSource({
      trace: simulator,
      prerendered: [{ scenario: defaultScenario(), executor: 'script', run: built }],
    });
    const thousand = presetById('thousand').build();
    const spy = vi.spyOn(JSON, 'stringify');
    try {
      expect(runs.runNow(thousand, 'script')).toBe(made);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});
