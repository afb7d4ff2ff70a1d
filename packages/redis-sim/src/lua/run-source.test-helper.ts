/**
 * Runs a script's text once on a fresh Lua state with no server behind
 * `redis.call` (each call answers nil): what the engine's unit tests need.
 */
import type { Reply } from '../trace-types.ts';
import { sha1Hex } from '../sha1.ts';
import { compileScript, runScript } from './engine.ts';
import type { StepHook } from './interpreter/hook.ts';

/** The script's reply; a compile error is thrown, since a test means to run its script. */
export function runSource(
  script: string,
  opts: { budget?: number; hook?: StepHook | null } = {},
): Reply {
  const sha = sha1Hex(script);
  const c = compileScript(script, sha);
  if ('error' in c) throw new Error(c.error);
  return runScript(c.proto, {
    owner: {},
    sha,
    keys: [],
    argv: [],
    budget: opts.budget ?? 100_000,
    hook: opts.hook ?? null,
    bridge: { call: () => null },
  });
}
