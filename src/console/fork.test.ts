import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/index.ts';
import { forkAt } from './fork.ts';

describe('the fork’s note on the script it holds', () => {
  it('names an edited script and its SHA-1 as SCRIPT LOAD gives it, with no run said to have loaded it', () => {
    const script = "return redis.call('ZCARD', KEYS[1])";
    const sha = createHash('sha1').update(script).digest('hex');
    // a held link's console forks before any run: no steps, step 0
    const { notes, server } = forkAt(defaultScenario(), [], 0, { script, elapsed: () => 0 });
    expect(notes?.[0]).toMatch(
      new RegExp(`^The edited script is cached here as SCRIPT LOAD left it, sha ${sha}\\. `),
    );
    expect(server.call(['SCRIPT', 'EXISTS', sha])).toEqual([1]);
  });
});
