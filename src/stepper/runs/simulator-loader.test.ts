import { describe, expect, it, vi } from 'vitest';
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
});
