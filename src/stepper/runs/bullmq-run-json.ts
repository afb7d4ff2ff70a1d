/**
 * BullMQ's runs as the build makes them: the BullMQ part's scenarios are fixed, so the build
 * runs BullMQ's extendLocks on each (and EchoMQ's script on the same held jobs, for the compare
 * view) on the simulated server, exactly as the browser would, and the page reads them back
 * here without loading the simulator. Light: JSON in, runs out.
 */
import type { Reply } from '@batch-lease/redis-sim/client';
import type { BullmqScenarioId } from '../../../content/bullmq.ts';
import type { BullmqKey, BullmqRun } from './bullmq-run.ts';
import { assertJsonSafe, runFromJSON, runToJSON, type ReadyRunJSON } from './run-json.ts';

/** {@link BullmqRun} as JSON carries it: its keyspace's Map as an entry list, in key order. */
export interface BullmqRunJSON {
  run: ReadyRunJSON;
  args: string[];
  reply: Reply;
  initial: [string, BullmqKey][];
  clockMs: number;
}

/** One BullMQ scenario as the build ran it: BullMQ's run, and EchoMQ's reply on the same jobs. */
export interface BullmqScenarioRunsJSON {
  bullmq: BullmqRunJSON;
  /** what EchoMQ's @extend_locks2 answered (its error, when the run could not be made) */
  echoReply: Reply;
}

/** Every BullMQ scenario's runs, by its id. */
export type BullmqRunsJSON = Record<BullmqScenarioId, BullmqScenarioRunsJSON>;

/** The JSON form of a BullMQ run; throws (as {@link runToJSON}) rather than let a number change. */
export function bullmqRunToJSON(r: BullmqRun): BullmqRunJSON {
  const json: BullmqRunJSON = {
    run: runToJSON(r.run),
    args: [...r.args],
    reply: r.reply,
    initial: [...r.initial],
    clockMs: r.clockMs,
  };
  assertJsonSafe(json, 'bullmq');
  return json;
}

/** The BullMQ run {@link bullmqRunToJSON} was given, from its JSON form. */
export function bullmqRunFromJSON(json: BullmqRunJSON): BullmqRun {
  return {
    run: runFromJSON(json.run),
    args: json.args,
    reply: json.reply,
    initial: new Map(json.initial),
    clockMs: json.clockMs,
  };
}
