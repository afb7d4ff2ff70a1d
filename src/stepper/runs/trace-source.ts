/**
 * The one seam between the stepper and the simulated server: everything the machines know
 * about a run comes through here. A run is the server's own traced EVALSHA (or native
 * command), the same generator a one-shot call drives, on a server set up from the scenario.
 */
import {
  createServer,
  dumpKeyspace,
  type Connection,
  type KeyDump,
  type SimServer,
  PackedTrace,
} from '@batch-lease/redis-sim';
import type { CommandCapReason, Reply } from '@batch-lease/redis-sim/client';
import {
  BATCH_SHA,
  BATCH_SOURCE,
  LESSON_STEP_FIELDS,
  connector,
  extendLocks,
  renderOutcome,
  type StepEvent,
  type StepListing,
  type TraceStep,
} from '@batch-lease/echomq';
import { callerOf, serverFor as scenarioServer } from '../../scenario/server.ts';
import {
  evalshaArgs,
  extendsArgs,
  queueKeys,
  type Executor,
  type Scenario,
} from '../../scenario/index.ts';
import type { KeyspaceView } from './keyspace-view.ts';
import { isLearnersText } from './learners-text.ts';
import { echomqModule } from '@batch-lease/echomq/module';

export type { Executor } from '../../scenario/index.ts';
export type { Change, Reply } from '@batch-lease/redis-sim/client';
export type { Check, ListingId, StepEvent, StepListing, TraceStep } from '@batch-lease/echomq';

/** A step as the stepper keeps it: the server's step. */
export type StepperStep = TraceStep;

/** A finished run, ready to step. */
export interface ReadyRun {
  status: 'ready';
  executor: Executor;
  /** the lesson listing the steps point into, or `user_script` for any other text */
  listing: StepListing;
  /**
   * The text the script executor ran when it is not the lesson's script (a counterfactual or
   * the learner's edit); absent for the lesson's script and the native twin.
   */
  script?: string;
  steps: readonly StepperStep[];
  reply: Reply;
  /** the keyspace before the first step */
  initial: KeyspaceView;
  /** the run_id of the server that ran it (the native twin stamps it as lease_epoch) */
  runId: string;
  /** what extend_locks/4 answers for this scenario on this executor's wire, as iex shows it */
  verbAnswer: string;
  /**
   * True when `verbAnswer` is the verb's `case` on this run's own reply (the verb sent the
   * call); false when the verb answers without sending (a raise, or a call it never makes). A
   * transform that rewrites the reply (a what-if) then re-answers from its reply.
   */
  verbPassesReply?: boolean;
}

/** A run this build cannot make, with the reason in words for the learner. */
export interface UnavailableRun {
  status: 'unavailable';
  executor: Executor;
  reason: string;
  /**
   * set when a learner's script made off the page's thread ran past the time limit and was
   * ended there: the reason is then the stepper's words for it (the machine's)
   */
  ended?: 'time-limit';
}

export type RunResult = ReadyRun | UnavailableRun;

/**
 * Runs a scenario on an executor and returns the whole trace. `script` is the Lua text the
 * script executor runs (the lesson's script when absent or null); the native twin ignores it.
 */
export type TraceSource = (
  scenario: Scenario,
  executor: Executor,
  script?: string | null,
) => RunResult;

/** The run_id every stepper server reports, fixed so a shared link shows the same lease_epoch. */
export const STEPPER_RUN_ID = '5e1f0c3a9b7d2e4f6a8c0b1d3e5f7a9c2b4d6e8f';

/**
 * The steps a script may take on a stepper's server, before the pairs' share: every step of a
 * traced run is kept, and the run is made on the page's own thread (a `lua=` link's script
 * runs as the page opens), so a script that never ends (a learner's edit that drops
 * `i = i + 2`, or a hostile link's loop) must stop while the page can still hold its trace and
 * within a moment: the costliest steps (a traced write each) take some tens of µs, so this many
 * hold the page for about a fifth of a second (`npm run bench`, the limits part).
 */
export const STEPPER_BASE_STEPS = 10_000;

/**
 * The steps a script may take on a stepper's server: {@link STEPPER_BASE_STEPS} and forty a pair.
 * Ample for the lesson's script on any scenario the editor makes (about ten steps a pair) and
 * for BullMQ's; past it the server answers the engine's step-budget stop, which says so.
 */
export function stepperStepBudget(scenario: Scenario): number {
  return STEPPER_BASE_STEPS + 20 * (2 * scenario.held.length + 2);
}

/**
 * A server in the scenario's state, at the stepper's fixed run_id and step budget, with
 * `scriptTimeLimitMs` as its scripts' wall-clock limit when given.
 */
export const serverFor = (scenario: Scenario, scriptTimeLimitMs?: number): SimServer =>
  scenarioServer(scenario, STEPPER_RUN_ID, stepperStepBudget(scenario), scriptTimeLimitMs);

/** The part of a dump the stepper shows: active, the job rows under the base, pending. */
export function viewOfDump(dump: Record<string, KeyDump>, scenario: Scenario): KeyspaceView {
  const k = queueKeys(scenario.queue);
  const activeKey = evalshaArgs(scenario, BATCH_SHA)[3]!;
  const view: KeyspaceView = {
    active: new Map(),
    rows: new Map(),
    pending: [],
    keys: { active: activeKey, pending: k.pending, rows: `${k.base}job:` },
  };
  for (const [key, v] of Object.entries(dump)) {
    if (key === activeKey && v.type === 'zset') {
      for (const [m, score] of v.value) view.active.set(m, Number(score));
    } else if (key === k.pending && v.type === 'list') {
      view.pending = [...v.value];
    } else if (key.startsWith(`${k.base}job:`)) {
      view.rows.set(key, v.type === 'hash' ? new Map(v.value) : 'wrongtype');
    }
  }
  return view;
}

/**
 * What extend_locks/4 answers for the scenario over `wire`, given the reply of the stepped run.
 * The verb runs its guard and key builder for real, and its one call is answered with `reply`,
 * the run every other panel shows, so the Elixir line can never tell a different story from
 * the redis-cli reply, the failed list or the keyspace.
 */
function verbAnswerOf(
  scenario: Scenario,
  wire: 4 | 6,
  reply: Reply,
): { text: string; passes: boolean } {
  if (scenario.client === 'raw' && scenario.trailingId !== null) {
    return {
      text: 'extend_locks/4 never sends this call: it flattens whole pairs, so no id travels without its token',
      passes: false,
    };
  }
  if (scenario.client === 'raw' && scenario.activeKeyOverride !== null) {
    return {
      text: 'extend_locks/4 never sends this call: it always declares the queue’s own active set as KEYS[1]',
      passes: false,
    };
  }
  const calls: string[][] = [];
  const sink = {
    call(args: readonly string[]): Reply {
      calls.push([...args]);
      return reply;
    },
  };
  const held = scenario.held.map((p) => [p.id, p.token] as const);
  const { outcome } = extendLocks(connector(sink, wire), scenario.queue, held, scenario.leaseMs);
  // the scripts are loaded on every stepper server, so the verb's one call is the run itself
  if (calls.length > 1) throw new Error('extend_locks/4 sent more than the stepped call');
  return { text: renderOutcome(outcome), passes: calls.length === 1 };
}

let checker: SimServer | null = null;

/**
 * What the server answers SCRIPT LOAD of `text` with: null when it compiles, else the compile
 * error in the server's words. The script editor asks as the learner types; one server, emptied
 * after each check, answers every check.
 */
export function checkScript(text: string): string | null {
  checker ??= createServer({ now: () => 0, runId: STEPPER_RUN_ID, modules: [echomqModule()] });
  const r = checker.call(['SCRIPT', 'LOAD', text]);
  checker.call(['SCRIPT', 'FLUSH']);
  return r !== null && typeof r === 'object' && 'error' in r ? r.error : null;
}

/** The 1-based line a compile error names (`user_script:N:`), or 0 when it names none. */
export function compileErrorLine(error: string): number {
  const m = /^ERR Error compiling script \(new function\): user_script:(\d+):/.exec(error);
  return m ? Number(m[1]) : 0;
}

/**
 * The traced call for the script executor. The lesson's script is loaded on every stepper
 * server, so the verb's EVALSHA is the run. Any other text is loaded as a client would load
 * it, SCRIPT LOAD and then EVALSHA of the SHA the server answered; a text that does not
 * compile is refused by SCRIPT LOAD, and the run is that refusal, in the server's words.
 */
function scriptCall(
  server: SimServer,
  scenario: Scenario,
  script: string | null,
): { args: string[] } | { refused: string } {
  if (script === null || script === BATCH_SOURCE) return { args: evalshaArgs(scenario, BATCH_SHA) };
  const sha = server.call(['SCRIPT', 'LOAD', script]);
  if (typeof sha !== 'string') {
    return { refused: sha !== null && typeof sha === 'object' && 'error' in sha ? sha.error : '' };
  }
  return { args: evalshaArgs(scenario, sha) };
}

/**
 * One call sent on `caller` and traced step by step: how every run the stepper steps is made
 * (the lesson's scripts, a learner's, the native twin, BullMQ's). A long run's steps are kept
 * packed: its trace holds deltas, not one object per step.
 */
export function traceCall(
  caller: Connection,
  args: readonly string[],
): { steps: readonly StepperStep[]; reply: Reply } {
  // the lesson's kinds of step kept in cells like the general ones
  const trace = new PackedTrace<StepEvent, StepListing>(LESSON_STEP_FIELDS);
  const reply = caller.traceInto(args, trace);
  trace.seal();
  return { steps: trace.view(), reply };
}

/** How a trace source is made. */
export interface SimTraceSourceOptions {
  /**
   * The wall-clock limit of a learner's script, in ms (its server's `scriptTimeLimitMs`): set
   * where the runs are made on the page's thread, which nothing else can end. The lesson's
   * script and its what-ifs never get one, so no machine's speed changes what they show.
   */
  learnersTimeLimitMs?: number;
  /**
   * The most work one command of a learner's script may do (its server's `commandWorkCap`):
   * set where the runs are made on the page's thread, which cannot stop a command half way, and
   * in the worker, where a command too big for the run's time limit would run on until the page
   * ended the worker. The lesson's script and its what-ifs never get one.
   */
  learnersCommandWork?: number;
  /** why that cap is set, for its refusal's words: the page's thread unless told */
  learnersCommandCapReason?: CommandCapReason;
}

/** The trace source backed by the simulated server. */
export function createSimTraceSource(options: SimTraceSourceOptions = {}): TraceSource {
  return (scenario, executor, script = null) => {
    const limited = isLearnersText(executor, script);
    const server = serverFor(scenario, limited ? options.learnersTimeLimitMs : undefined);
    if (limited && options.learnersCommandWork !== undefined) {
      server.commandWorkCap = options.learnersCommandWork;
      server.commandCapReason = options.learnersCommandCapReason ?? 'page-thread';
    }
    const initial = viewOfDump(dumpKeyspace(server.keyspace), scenario);
    const text =
      executor === 'script' && script !== null && script !== BATCH_SOURCE ? script : null;
    const call = executor === 'script' ? scriptCall(server, scenario, text) : null;
    let steps: readonly StepperStep[];
    let reply: Reply;
    if (call && 'refused' in call) {
      // nothing ran: the one step is the refusal, on the line the compiler named
      reply = { error: call.refused };
      steps = [
        {
          listing: 'user_script',
          line: compileErrorLine(call.refused),
          group: null,
          event: { kind: 'error', error: call.refused },
          changes: [],
        },
      ];
    } else {
      const args = call ? call.args : extendsArgs(scenario);
      ({ steps, reply } = traceCall(callerOf(server, scenario), args));
    }
    const verb = verbAnswerOf(scenario, executor === 'script' ? 4 : 6, reply);
    return {
      status: 'ready',
      executor,
      listing:
        executor === 'native'
          ? 'emq_extends.rs'
          : text === null
            ? 'extend_locks2.lua'
            : 'user_script',
      ...(text === null ? {} : { script: text }),
      steps,
      reply,
      initial,
      runId: server.runId,
      verbAnswer: verb.text,
      verbPassesReply: verb.passes,
    };
  };
}
