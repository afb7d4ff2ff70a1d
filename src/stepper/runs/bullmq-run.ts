/**
 * BullMQ's own `extendLocks` script run on the simulated server, on a scenario mirrored into
 * BullMQ's keys: the one code path the BullMQ stepper, the fate picker's BullMQ column and the
 * compare view all use. The script's text is the installed package's, read at build time
 * (`virtual:bullmq-scripts`); it is loaded with SCRIPT LOAD and called with EVALSHA exactly as
 * BullMQ's client calls it, and every step is traced as any script's run is.
 */
import { bullmq } from 'virtual:bullmq-scripts';
import { dumpKeyspace, type KeyDump, type SimServer } from '@batch-lease/redis-sim';
import type { Reply } from '@batch-lease/redis-sim/client';
import {
  bullmqExtendLockArgs,
  bullmqExtendLocksArgs,
  bullmqSetupCommands,
  type Scenario,
} from '../../scenario/index.ts';
import { serverSetUp } from '../../scenario/server.ts';
import type { KeyspaceView } from './keyspace-view.ts';
import { stepperStepBudget, traceCall, type ReadyRun } from './trace-source.ts';

/** The run_id of a BullMQ run's server (BullMQ's script never reads it). */
const BULLMQ_RUN_ID = '0b5e7a1c3d9f2e4a6c8b0d1f3e5a7c9b2d4f6e8a';

/** BullMQ's extendLocks, as its client sends it. */
export const BULLMQ_EXTEND_LOCKS = bullmq.scripts.extendLocks;

/** BullMQ's single extendLock, as its client sends it. */
export const BULLMQ_EXTEND_LOCK = bullmq.scripts.extendLock;

/** Which of BullMQ's two scripts a run sends: the batch (`extendLocks`) or the single one. */
export type BullmqScript = 'extendLocks' | 'extendLock';

/** One key of BullMQ's keyspace as the stepper shows it: its value and when it expires. */
export type BullmqKey = Exclude<KeyDump, { type: 'zset' }> & { expireAt: number | null };

/** BullMQ's keys by name, sorted; the keys of other types are left out (the mirror makes none). */
export type BullmqKeyspace = ReadonlyMap<string, BullmqKey>;

/** A finished BullMQ run: the trace of its one EVALSHA, its reply and the keyspace before. */
export interface BullmqRun {
  /** the run as the stepper's general view reads it (a script outside the lesson's shape) */
  run: ReadyRun;
  /** what was sent, as BullMQ's client sends it */
  args: readonly string[];
  reply: Reply;
  /** every BullMQ key before the first step, with its deadline */
  initial: BullmqKeyspace;
  /** the scenario's clock: the deadlines' reference, so a TTL is `expireAt - clockMs` */
  clockMs: number;
}

/** The stepper's empty EchoMQ view: a BullMQ run holds none of EchoMQ's keys. */
function emptyEchoView(): KeyspaceView {
  return {
    active: new Map(),
    rows: new Map(),
    pending: [],
    keys: { active: '', pending: '', rows: '' },
  };
}

/** Every key of `server` (the server's own dump), with its deadline, in key order. */
function bullmqKeyspaceOf(server: SimServer): BullmqKeyspace {
  const out = new Map<string, BullmqKey>();
  for (const [key, d] of Object.entries(dumpKeyspace(server.keyspace))) {
    // the mirror makes no sorted set; a set is shown sorted, as the changes show it
    if (d.type === 'zset') continue;
    const expireAt = server.keyspace.expireAt(key) ?? null;
    out.set(
      key,
      d.type === 'set' ? { ...d, value: [...d.value].sort(), expireAt } : { ...d, expireAt },
    );
  }
  return out;
}

/**
 * A simulated server in the scenario's state, mirrored into BullMQ's keys, with BullMQ's script
 * loaded; the clock model and the step budget are the stepper's.
 */
export function bullmqServerFor(scenario: Scenario): SimServer {
  const server = serverSetUp(scenario, bullmqSetupCommands(scenario), {
    runId: BULLMQ_RUN_ID,
    scriptStepBudget: stepperStepBudget(scenario),
  });
  for (const script of [BULLMQ_EXTEND_LOCKS, BULLMQ_EXTEND_LOCK]) {
    const sha = server.call(['SCRIPT', 'LOAD', script.text]);
    if (sha !== script.sha) {
      throw new Error(`SCRIPT LOAD of BullMQ's ${script.name} answered ${JSON.stringify(sha)}`);
    }
  }
  return server;
}

/**
 * Runs BullMQ's extendLocks on the scenario's held jobs, traced step by step; or its single
 * extendLock on the first held pair (the fate picker's one-job states).
 */
export function runBullmq(scenario: Scenario, script: BullmqScript = 'extendLocks'): BullmqRun {
  const server = bullmqServerFor(scenario);
  const initial = bullmqKeyspaceOf(server);
  const text = script === 'extendLocks' ? BULLMQ_EXTEND_LOCKS.text : BULLMQ_EXTEND_LOCK.text;
  const args =
    script === 'extendLocks'
      ? bullmqExtendLocksArgs(scenario, BULLMQ_EXTEND_LOCKS.sha)
      : bullmqExtendLockArgs(scenario, BULLMQ_EXTEND_LOCK.sha);
  // traced as every run the stepper steps is: BullMQ's client connects as the default user
  const { steps, reply } = traceCall(server.connect(), args);
  const run: ReadyRun = {
    status: 'ready',
    executor: 'script',
    listing: 'user_script',
    script: text,
    steps,
    reply,
    initial: emptyEchoView(),
    runId: server.runId,
    verbAnswer: '',
    verbPassesReply: false,
  };
  return { run, args, reply, initial, clockMs: scenario.clockMs };
}
