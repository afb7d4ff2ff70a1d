import { isDeepStrictEqual } from 'node:util';
import { isError, type Caller, type Reply } from '@batch-lease/redis-sim/differential/caller.ts';
import {
  dumpKeyspace,
  keyspaceDiff,
  type Keyspace,
} from '@batch-lease/redis-sim/differential/keyspace-dump.ts';
import { queueKeys, toEvalCommand, toSetupCommands, type Scenario } from './scenario.ts';
import { loadScripts, type ScriptSources, type Shas } from './scripts.ts';

/** What one server did with a scenario: the EVALSHA reply and the keyspace after it. */
export interface Run {
  reply: Reply;
  keyspace: Keyspace;
}

/** The two sides of the comparison. */
export interface Harness {
  /** the real server, on a database of its own */
  real: Caller;
  /** the SHAs the real server filed the scripts under */
  shas: Shas;
  sources: ScriptSources;
  /** a fresh, empty simulator whose clock stands at `now` (ms) */
  createSim: (now: number) => Caller | Promise<Caller>;
}

export interface Outcome {
  match: boolean;
  real: Run;
  /** the simulator's run at the first `now` that matched, or else at the first candidate */
  sim: Run;
  now: number;
  /** how `now` was found: read back from a re-scored member, or every ms of the TIME bracket */
  alignment: 'readback' | 'bracket';
  window: [number, number];
  command: string[];
}

/** TIME's [seconds, microseconds] as the ms the scripts derive from it. */
function timeMs(reply: Reply | undefined): number {
  if (!Array.isArray(reply) || typeof reply[0] !== 'string' || typeof reply[1] !== 'string') {
    throw new Error(`TIME answered ${JSON.stringify(reply)}`);
  }
  return Number(reply[0]) * 1000 + Math.floor(Number(reply[1]) / 1000);
}

/** A score as the server prints it, as a number. */
function scoreValue(s: string): number {
  if (s === 'inf') return Infinity;
  if (s === '-inf') return -Infinity;
  return Number(s);
}

/** A lease whose `now + lease` is exact in a double: the readback is then exact too. */
const EXACT_LEASE = /^[1-9][0-9]{0,11}$/;

/**
 * The `now` the real script used, read back from the active set: a member whose
 * score changed was re-scored to `now + lease`, so `score - lease` is `now`.
 * Null when the lease is not a plain integer (inf, nan, fractions, huge values,
 * hex…) or nothing was re-scored.
 */
export function readBackNow(s: Scenario, keyspace: Keyspace): number | null {
  if (!EXACT_LEASE.test(s.lease)) return null;
  const lease = Number(s.lease);
  const active = keyspace.find(([k]) => k === queueKeys(s.queue).active)?.[1];
  if (!active || active.type !== 'zset' || !Array.isArray(active.value)) return null;
  const before = new Map(s.jobs.map((j) => [j.id, j.activeScore]));
  const flat = active.value;
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const member = flat[i];
    const score = flat[i + 1];
    if (typeof member !== 'string' || typeof score !== 'string') continue;
    const was = before.get(member);
    if (was === undefined || was === null || scoreValue(was) === scoreValue(score)) continue;
    return scoreValue(score) - lease;
  }
  return null;
}

/**
 * Runs the scenario on the real server: a clean database, the setup in one
 * pipeline, then TIME, the EVALSHA and TIME again in a second pipeline, so the
 * two TIME replies bracket the script's own clock read; then the dump.
 */
async function runReal(h: Harness, s: Scenario, command: string[]) {
  const setup = await h.real.pipeline([['FLUSHDB'], ...toSetupCommands(s)]);
  const bad = setup.find(isError);
  if (bad) throw new Error(`setup failed on the real server: ${bad.error}`);
  const [t0, reply, t1] = await h.real.pipeline([['TIME'], command, ['TIME']]);
  const keyspace = await dumpKeyspace(h.real);
  return {
    run: { reply: reply ?? null, keyspace },
    window: [timeMs(t0), timeMs(t1)] as [number, number],
  };
}

/** Runs the scenario on a fresh simulator whose clock reads `now`. */
async function runSim(h: Harness, s: Scenario, now: number): Promise<Run> {
  const sim = await h.createSim(now);
  const shas = await loadScripts(sim, h.sources);
  if (shas.batch !== h.shas.batch || shas.single !== h.shas.single) {
    throw new Error('the simulator filed the scripts under other SHAs');
  }
  const setup = await sim.pipeline(toSetupCommands(s));
  const bad = setup.find(isError);
  if (bad) throw new Error(`setup failed on the simulator: ${bad.error}`);
  let reply: Reply;
  try {
    reply = await sim.call(toEvalCommand(s, h.shas[s.script]));
  } catch (err) {
    // a throw is a divergence like any other: show it in the comparison
    reply = { error: `simulator threw: ${err instanceof Error ? err.message : String(err)}` };
  }
  return { reply, keyspace: await dumpKeyspace(sim) };
}

/**
 * Runs one scenario on both servers and compares reply and whole keyspace.
 *
 * Clock alignment: when a member was re-scored under a plain integer lease, the
 * real `now` is read back exactly and the simulator runs at that `now` (checked to
 * lie inside the TIME bracket). Otherwise the simulator is tried at every ms of the
 * bracket [TIME before, TIME after]: the script read TIME once, between those two
 * reads, so its `now` is one of those values; a simulator that matches at one of
 * them reproduces a run the real server could have made, and one that matches at
 * none is wrong whatever the real `now` was.
 */
export async function compareScenario(h: Harness, s: Scenario): Promise<Outcome> {
  const command = toEvalCommand(s, h.shas[s.script]);
  const { run: real, window } = await runReal(h, s, command);
  const exact = readBackNow(s, real.keyspace);
  if (exact !== null && (exact < window[0] || exact > window[1])) {
    throw new Error(`read-back now ${exact} lies outside the TIME bracket ${window.join('..')}`);
  }
  const candidates: number[] = [];
  if (exact !== null) candidates.push(exact);
  else for (let t = window[0]; t <= window[1]; t++) candidates.push(t);

  let first: Outcome | null = null;
  for (const now of candidates) {
    const sim = await runSim(h, s, now);
    const match = isDeepStrictEqual(real, sim);
    const outcome: Outcome = {
      match,
      real,
      sim,
      now,
      alignment: exact !== null ? 'readback' : 'bracket',
      window,
      command,
    };
    if (match) return outcome;
    first ??= outcome;
  }
  if (!first) throw new Error(`empty TIME bracket ${window.join('..')}`);
  return first;
}

/** A readable account of a mismatch: the command, then each differing part. */
export function describeMismatch(s: Scenario, o: Outcome): string {
  const show = (v: unknown) => JSON.stringify(v);
  const lines = [
    `scenario: ${show(s)}`,
    `command: ${show(o.command)}`,
    `now: ${o.now} (${o.alignment}, bracket ${o.window.join('..')})`,
  ];
  if (!isDeepStrictEqual(o.real.reply, o.sim.reply)) {
    lines.push(`reply  real: ${show(o.real.reply)}`, `reply   sim: ${show(o.sim.reply)}`);
  }
  lines.push(...keyspaceDiff(o.real.keyspace, o.sim.keyspace));
  return lines.join('\n');
}
