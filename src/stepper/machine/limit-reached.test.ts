import { describe, expect, it } from 'vitest';
import { createServer } from '@batch-lease/redis-sim';
import { isLimitReply } from './limit-reached.ts';

/** What a server answers `script` with. */
const replyTo = (script: string, options: Parameters<typeof createServer>[0] = {}) =>
  createServer({ now: () => 0, ...options }).call(['EVAL', script, '0']);

describe('which ends of a run are the simulator’s limits', () => {
  it('the step budget and the time limit are: a link to the run holds it', () => {
    expect(isLimitReply(replyTo('while true do end', { scriptStepBudget: 1_000 }))).toBe(true);
    expect(isLimitReply(replyTo('while true do end', { scriptTimeLimitMs: 0 }))).toBe(true);
  });

  it('a command the simulator does not model is not: it ends the run at once on any machine', () => {
    const reply = replyTo("redis.call('XADD', 's', '*', 'a', '1') return 1");
    expect(reply).toMatchObject({ error: expect.stringMatching(/does not model XADD/) });
    expect(isLimitReply(reply)).toBe(false);
  });

  it('nor is the script’s own error, or a reply', () => {
    expect(isLimitReply(replyTo("error('mine')"))).toBe(false);
    expect(isLimitReply(replyTo('return 1'))).toBe(false);
  });
});
