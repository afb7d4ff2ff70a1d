/**
 * Runs each fate on the simulated server: every answer the picker shows comes from here.
 * Each of the eight runs (single or batch, script or native, through the Elixir verb or as a
 * raw command) gets a fresh server in the fate's one-job state, so no run sees another's
 * writes; what it did to the lease is read back from the keyspace afterwards.
 */
import { type SimServer } from '@batch-lease/redis-sim';
import {
  formatCliCommand,
  formatCliReply,
  isError,
  type Reply,
} from '@batch-lease/redis-sim/client';
import {
  BATCH_SHA,
  SINGLE_SHA,
  connector,
  extendLock,
  extendLocks,
  reasonOfError,
  renderOutcome,
  type VerbOutcome,
  type VerbResult,
  type WireReason,
  WIRE_CLASSES,
} from '@batch-lease/echomq';
import { queueKeys, evalshaArgs, extendsArgs, type Scenario } from '../scenario/index.ts';
import { callerOf, serverFor as scenarioServer } from '../scenario/server.ts';
import { computeBullmq, type BullmqAnswers } from './bullmq.ts';
import {
  FATES,
  type Arity,
  type Executor,
  type Fate,
  type FateId,
  type RunKey,
  type Verdict,
} from './catalogue.ts';

/** The run_id every fate server reports, fixed so the prerendered page and the live one agree. */
export const FATE_RUN_ID = '7c4a9e2f0b1d3c5e8a6f4b2d0e9c7a5b3f1d8e6c';

/** One run, as the picker shows it and as the tests read it. */
export interface RunAnswer {
  key: RunKey;
  /** the verb's answer as iex prints it, or the raw reply as redis-cli prints it */
  shown: string;
  /** what went out on the wire, as typed at redis-cli (empty when the verb raised) */
  sent: string[];
  verdict: Verdict;
  /** the error class or exception that ended the run (EMQSTALE, WRONGTYPE, NOPERM, ArgumentError) */
  code: string | null;
  /** the id's score in active after the run is the shared now + lease */
  rescored: boolean;
  /** lease_epoch on the row after the run, when the run put it there */
  stamped: string | null;
}

/** One cell of the 2×2: the verb's answer and the bare command's reply on one executor. */
export interface CellAnswer {
  arity: Arity;
  executor: Executor;
  verb: RunAnswer;
  raw: RunAnswer;
}

export type CellKey = `${Arity}.${Executor}`;

export interface FateAnswers {
  fate: Fate;
  runId: string;
  /** the server clock (ms) and the deadline a re-score writes */
  now: number;
  deadline: number;
  cells: Record<CellKey, CellAnswer>;
  /** every run that left lease_epoch on the row, in cell order */
  stampedBy: RunKey[];
  /** BullMQ's own scripts on the same job in its keys, or null: no counterpart there */
  bullmq: BullmqAnswers | null;
}

function serverFor(scenario: Scenario): SimServer {
  return scenarioServer(scenario, FATE_RUN_ID);
}

/** The single call's wire arguments: keys [active, row], ARGV [lease, id, token]. */
function singleTail(s: Scenario): string[] {
  const k = queueKeys(s.queue);
  const pair = s.held[0]!;
  return ['2', k.active, k.job(pair.id), String(s.leaseMs), pair.id, String(pair.token)];
}

/** The bare command for a cell, with the same keys and arguments the verb sends. */
export function rawArgs(s: Scenario, arity: Arity, executor: Executor): string[] {
  if (arity === 'batch') return executor === 'script' ? evalshaArgs(s, BATCH_SHA) : extendsArgs(s);
  return executor === 'script'
    ? ['EVALSHA', SINGLE_SHA, ...singleTail(s)]
    : ['EMQ.EXTEND', ...singleTail(s)];
}

const firstWord = (text: string) => text.split(' ', 1)[0] ?? text;

function verdictOfError(text: string): { verdict: Verdict; code: string } {
  return { verdict: reasonOfError(text) ? 'refused' : 'error', code: firstWord(text) };
}

function verdictOfReply(reply: Reply, id: string): { verdict: Verdict; code: string | null } {
  if (isError(reply)) return verdictOfError(reply.error);
  if (reply === 1) return { verdict: 'rescored', code: null };
  if (Array.isArray(reply))
    return { verdict: reply.includes(id) ? 'failed' : 'rescored', code: null };
  return { verdict: 'error', code: null };
}

function verdictOfOutcome(o: VerbOutcome, id: string): { verdict: Verdict; code: string | null } {
  switch (o.kind) {
    case 'raised':
      return { verdict: 'raised', code: o.error.exception };
    case 'ok':
      return { verdict: 'rescored', code: null };
    case 'ok-failed':
      return { verdict: o.failed.includes(id) ? 'failed' : 'rescored', code: null };
    case 'refused':
      return { verdict: 'refused', code: firstWord(reasonCode(o.reason)) };
    case 'server-error':
      return verdictOfError(o.message);
    case 'other':
      return { verdict: 'error', code: null };
  }
}

function reasonCode(reason: WireReason): string {
  return WIRE_CLASSES[reason].code;
}

/** What the run left behind: the id's score against the deadline, and any lease_epoch. */
function effects(server: SimServer, s: Scenario): { rescored: boolean; stamped: string | null } {
  const k = queueKeys(s.queue);
  const id = s.held[0]!.id;
  const active = server.keyspace.get(k.active);
  const score = active?.type === 'zset' ? active.zset.score(id) : undefined;
  const row = server.keyspace.get(k.job(id));
  const epoch = row?.type === 'hash' ? (row.fields.get('lease_epoch') ?? null) : null;
  return { rescored: score === s.clockMs + s.leaseMs, stamped: epoch };
}

function runVerb(s: Scenario, arity: Arity, executor: Executor): RunAnswer {
  const key: RunKey = `${arity}.${executor}.verb`;
  const server = serverFor(s);
  const conn = callerOf(server, s);
  const c = connector(conn, executor === 'script' ? 4 : 6);
  const pair = s.held[0]!;
  const result: VerbResult =
    arity === 'single'
      ? extendLock(c, s.queue, pair.id, pair.token, s.leaseMs)
      : extendLocks(c, s.queue, [[pair.id, pair.token]], s.leaseMs);
  const { verdict, code } = verdictOfOutcome(result.outcome, pair.id);
  return {
    key,
    shown: renderOutcome(result.outcome).trimEnd(),
    sent: result.sent.map(formatCliCommand),
    verdict,
    code,
    ...effects(server, s),
  };
}

function runRaw(s: Scenario, arity: Arity, executor: Executor): RunAnswer {
  const key: RunKey = `${arity}.${executor}.raw`;
  const server = serverFor(s);
  const conn = callerOf(server, s);
  const args = rawArgs(s, arity, executor);
  const reply = conn.call(args);
  const { verdict, code } = verdictOfReply(reply, s.held[0]!.id);
  return {
    key,
    shown: formatCliReply(reply),
    sent: [formatCliCommand(args)],
    verdict,
    code,
    ...effects(server, s),
  };
}

const CELLS: ReadonlyArray<[Arity, Executor]> = [
  ['single', 'script'],
  ['single', 'native'],
  ['batch', 'script'],
  ['batch', 'native'],
];

/** Every answer for one fate, computed by running the simulation on its one-job state. */
export function computeFate(fate: Fate): FateAnswers {
  const s = fate.scenario;
  const cells = {} as Record<CellKey, CellAnswer>;
  const stampedBy: RunKey[] = [];
  for (const [arity, executor] of CELLS) {
    const cell: CellAnswer = {
      arity,
      executor,
      verb: runVerb(s, arity, executor),
      raw: runRaw(s, arity, executor),
    };
    cells[`${arity}.${executor}`] = cell;
    for (const run of [cell.verb, cell.raw]) if (run.stamped !== null) stampedBy.push(run.key);
  }
  return {
    fate,
    runId: FATE_RUN_ID,
    now: s.clockMs,
    deadline: s.clockMs + s.leaseMs,
    cells,
    stampedBy,
    bullmq: computeBullmq(fate),
  };
}

const cache = new Map<FateId, FateAnswers>();

/** {@link computeFate}, once per fate: the runs are deterministic (fixed clock and run_id). */
export function answersFor(id: FateId): FateAnswers {
  let a = cache.get(id);
  if (!a) {
    const fate = FATES.find((f) => f.id === id);
    if (!fate) throw new Error(`unknown fate ${id}`);
    a = computeFate(fate);
    cache.set(id, a);
  }
  return a;
}
