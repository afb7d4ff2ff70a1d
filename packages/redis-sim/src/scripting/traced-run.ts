/**
 * One run of Lua for a command, EVAL's script or FCALL's function alike: untraced, it runs
 * and spends its steps; when the command is traced (a stepper's run), the same run goes
 * through a TraceRecorder that turns the engine's events into steps, with every command it
 * sends journalling the keys it wrote. So a stepped run is the direct run, watched.
 */
import type { RunOutcome, StepHook } from '../lua/index.ts';
import type { CommandContext } from '../commands/types.ts';
import type { Reply } from '../trace-types.ts';
import { TraceRecorder, type TraceContext } from '../tracing/engine-trace.ts';
import { withKeyJournal } from '../tracing/key-journal.ts';
import { spend } from './limits.ts';
import { readOnlyCommand } from './script-calls.ts';

/** What a traced run's steps are told besides the keyspace: listing, story, ARGV, source. */
export type RunDescription = Omit<TraceContext, 'sink' | 'ks'>;

/**
 * The wrap of redis.call for a run of `ctx`: when traced, each command journals the keys it
 * wrote, so a step shows them; none otherwise (runBridge's `wrap`).
 */
export function journalWrap(
  ctx: CommandContext,
): ((run: (a: readonly string[]) => Reply) => (a: string[]) => Reply) | undefined {
  const { trace, ks, host } = ctx;
  if (!trace) return undefined;
  return (run) => (a) => withKeyJournal(ks, a, run, readOnlyCommand(host, a));
}

/**
 * Runs `run` (given the step hook of a traced run, or none), spends its steps and answers its
 * reply; `describe` is asked only for a traced run.
 */
export function runLua(
  ctx: CommandContext,
  describe: () => RunDescription,
  run: (hook: StepHook | undefined) => RunOutcome,
): Reply {
  if (!ctx.trace) {
    const { reply, steps } = run(undefined);
    spend(ctx.host, steps);
    return reply;
  }
  const recorder = new TraceRecorder({ ...describe(), sink: ctx.trace, ks: ctx.ks });
  recorder.begin();
  const { reply, errorLine, steps } = run(recorder);
  spend(ctx.host, steps);
  recorder.finish(reply, errorLine);
  return reply;
}
