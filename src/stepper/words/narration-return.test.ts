/**
 * The last step of a run says what gave the reply: the script's own `return` and its
 * expression (the lesson's `return failed`, or whatever a learner's script returns), that a
 * script ended without a value, or that a native command replied.
 */
import { describe, expect, it } from 'vitest';
import { presetById } from '../../scenario/presets.ts';
import { BATCH_SOURCE } from '@batch-lease/echomq';
import type { Executor } from '../../vocabulary/index.ts';
import { narrate } from './narration.ts';
import { onPage } from './narration.test-helper.ts';
import { buildRunIndex } from '../runs/run-index.ts';
import { createSimTraceSource } from '../runs/trace-source.ts';

const sim = createSimTraceSource();

/** The narration of a run's last step, as the page shows it. */
function lastWords(script: string | null, executor: Executor = 'script'): string {
  const run = sim(presetById('default').build(), executor, script);
  if (run.status !== 'ready') throw new Error(run.reason);
  const ix = buildRunIndex(run);
  return onPage(narrate(ix, ix.n).detail);
}

describe('the narration of the reply', () => {
  it('quotes the lesson’s return', () => {
    expect(lastWords(null)).toMatch(/^return failed: \[/);
  });

  it('quotes a learner’s return of something else, never "return failed"', () => {
    const counted = BATCH_SOURCE.replace(/return failed\s*$/, 'return #failed');
    expect(lastWords(counted)).toMatch(/^return #failed: \d+$/);
    expect(lastWords("return redis.call('ZCARD', KEYS[1])")).toMatch(
      /^return redis\.call\('ZCARD', KEYS\[1\]\): \d+$/,
    );
  });

  it('puts an expression written over several lines on one line', () => {
    expect(lastWords('local a = 1\nreturn {\n  a,\n  "two"\n};\n')).toBe(
      'return { a, "two" }: [1, "two"]',
    );
  });

  it('says so when the script ends without a value', () => {
    expect(lastWords("redis.call('ZCARD', KEYS[1])")).toMatch(/no value.*nil$/);
    expect(lastWords('return')).toMatch(/no value.*nil$/);
  });

  it('says a native command replies', () => {
    const said = lastWords(null, 'native');
    expect(said).not.toMatch(/^return/);
    expect(said).toMatch(/replies \[/);
  });
});
