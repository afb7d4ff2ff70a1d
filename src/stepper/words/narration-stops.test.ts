/**
 * A run that one of the simulator's own limits ended is told by that limit, in plain words and
 * with what a real server would do, never as a script that "never ends": a script the step
 * budget stops (a megabyte string rebuilt 2,000 times) ends by itself on a real server.
 */
import { describe, expect, it } from 'vitest';
import { createServer } from '@batch-lease/redis-sim';
import { presetById } from '../../scenario/presets.ts';
import { buildRunIndex } from '../runs/run-index.ts';
import { createSimTraceSource } from '../runs/trace-source.ts';
import { errorWords, narrate } from './narration.ts';
import { W, onPage } from './narration.test-helper.ts';

const sim = createSimTraceSource();

/** The narration of a stepped run's last step, as the page shows it. */
function lastWords(script: string): string {
  const run = sim(presetById('default').build(), 'script', script);
  if (run.status !== 'ready') throw new Error(run.reason);
  const ix = buildRunIndex(run);
  return onPage(narrate(ix, ix.n).detail);
}

/** The error a real simulator's server answers `script` with, after `setup`. */
function errorOf(
  script: string,
  options: Parameters<typeof createServer>[0] = {},
  setup: string[][] = [],
): string {
  const s = createServer({ now: () => 0, ...options });
  for (const c of setup) s.call(c);
  const reply = s.call(['EVAL', script, '0']);
  if (reply === null || typeof reply !== 'object' || !('error' in reply))
    throw new Error(`no error: ${JSON.stringify(reply)}`);
  return reply.error;
}

/** The sentence's own words, before the server's text it quotes. */
const lead = (sentence: string) => sentence.slice(0, sentence.indexOf('{error}'));

describe('a run one of the simulator’s limits ended', () => {
  it('the step budget: a megabyte string rebuilt 2,000 times is told as the budget’s stop, not as endless', () => {
    const words = lastWords(
      "local s = '' for i = 1, 2000 do s = string.rep('x', 1000000) .. i end return #s",
    );
    expect(words.startsWith(lead(W.detail.stopped.steps))).toBe(true);
    expect(words).toContain('step budget');
    expect(words).toContain('A real server counts no steps: it would run the script to its end');
    expect(words).not.toMatch(/never ends|looks like/);
  });

  it('the step budget after a write: the way out a real server leaves is SHUTDOWN NOSAVE', () => {
    const words = lastWords("redis.call('SET', 'k', 'v') while true do end");
    expect(words.startsWith(lead(W.detail.stopped.steps))).toBe(true);
    expect(words).toMatch(/only SHUTDOWN NOSAVE ends it sooner: .* SCRIPT KILL answers UNKILLABLE/);
  });

  it('the heap’s cap: Lua’s own memory error, said to be the simulator’s cap', () => {
    const words = lastWords("return string.rep('x', 2^29)");
    expect(words.startsWith(lead(W.detail.stopped.heap))).toBe(true);
    expect(words).toMatch(/: ERR Error running script [0-9a-f]{40}, not enough memory$/);
  });

  it('the time limit', () => {
    const error = errorOf('while true do end', { scriptTimeLimitMs: 0 });
    expect(errorWords(error)).toBe(W.detail.stopped.time.replace('{error}', error));
    expect(error).toContain('that is its time limit for one run');
    expect(error).not.toMatch(/never ends/);
  });

  it('the keyspace’s memory cap', () => {
    const error = errorOf(
      "for i = 1, 1000 do redis.pcall('COPY', 'big', 'c' .. i) end return 'never'",
      {},
      [
        ['CONFIG', 'SET', 'maxmemory', '256mb'],
        ['SET', 'big', 'x'.repeat(5_000_000)],
      ],
    );
    expect(errorWords(error)).toBe(W.detail.stopped.keyspace.replace('{error}', error));
  });

  it('the matcher’s limit on one pattern match', () => {
    const error = errorOf(`return string.find(string.rep('a', 40), string.rep('a*', 20) .. 'b')`);
    expect(errorWords(error)).toBe(W.detail.stopped.pattern.replace('{error}', error));
  });

  it('a Redis 7.0 command the simulator does not model: the run ends there, said to be the simulator’s, never an unknown command', () => {
    const words = lastWords(
      "local ok = redis.pcall('XADD', KEYS[1], '*', 'a', '1') return 'after'",
    );
    expect(words.startsWith(lead(W.detail.stopped.unmodelled))).toBe(true);
    expect(words).toMatch(/: ERR the simulator does not model XADD, a Redis 7\.0 command, /);
    expect(words).not.toMatch(/Unknown Redis command|after/);
  });

  it('any other error is told as the script’s own', () => {
    const error = errorOf("error('stopped here')");
    expect(errorWords(error)).toBe(W.detail.error.replace('{error}', error));
  });
});
