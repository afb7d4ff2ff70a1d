import { describe, expect, it, vi } from 'vitest';
import { PAGE_COMMAND_WORK } from '../../limits/page-thread.ts';
import { defaultScenario } from '../../scenario/presets.ts';
import { createSimulatorLoader, lazySimulator } from './simulator-loader.ts';
import { createSimTraceSource } from './trace-source.ts';

describe('the simulator loader', () => {
  it('imports once, however often it is asked, and then has the source at hand', async () => {
    const importSource = vi.fn(() => Promise.resolve({ createSimTraceSource }));
    const loader = createSimulatorLoader(importSource);
    expect(loader.current()).toBeNull();
    const [a, b] = await Promise.all([loader.load(), loader.load()]);
    expect(a).toBe(b);
    expect(loader.current()).toBe(a);
    await loader.load();
    expect(importSource).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed import', async () => {
    const importSource = vi
      .fn<() => Promise<{ createSimTraceSource: typeof createSimTraceSource }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ createSimTraceSource });
    const loader = createSimulatorLoader(importSource);
    await expect(loader.load()).rejects.toThrow('offline');
    expect(loader.current()).toBeNull();
    await expect(loader.load()).resolves.toBeTypeOf('function');
    expect(importSource).toHaveBeenCalledTimes(2);
  });

  it('loads the real simulator through the page’s dynamic import', async () => {
    const source = await lazySimulator.load();
    const run = source((await import('../../scenario/presets.ts')).defaultScenario(), 'script');
    expect(run.status).toBe('ready');
  });

  it('ends a learner’s script at a command too big for the page’s thread, before it does the work', async () => {
    const loader = createSimulatorLoader(() => Promise.resolve({ createSimTraceSource }));
    const source = await loader.load();
    // LCS's table of 3,000 × 3,000 cells is over a million elements' work: on the page's thread
    // it would hold the page (before, it ran, and the step budget ended the script after it)
    const script =
      "redis.call('SET', 'a', string.rep('ab', 1500)) redis.call('SET', 'b', string.rep('ba', 1500)) " +
      "return redis.call('LCS', 'a', 'b', 'LEN')";
    const run = source(defaultScenario(), 'script', script);
    expect(run.status).toBe('ready');
    if (run.status !== 'ready') return;
    expect(run.reply).toEqual({
      error: expect.stringMatching(
        new RegExp(
          `^ERR the simulator did not run LCS here: it would read or write over ${PAGE_COMMAND_WORK.toLocaleString('en-US')} elements, .* Nothing was written\\.`,
        ),
      ),
    });
  });
});
