/**
 * A scenario mirrored into BullMQ's keys, so BullMQ's own `extendLocks` script can run on the
 * same held jobs as EchoMQ's `@extend_locks2`. BullMQ keeps a job as a hash at `bull:{q}:<id>`,
 * its lease as a string key `bull:{q}:<id>:lock` that holds the holder's token and expires on
 * its own (`SET … PX`), the jobs being worked in the `active` list, the jobs a stall check
 * suspects in the `stalled` set, and reaped jobs back in `wait`. Pure data: nothing here runs a
 * server.
 */
import { bytesOfText, textOfBytes } from '@batch-lease/redis-sim/client';
import type { BullmqScenarioId } from '../../content/bullmq.ts';
import { defaultScenario, liveJob, presetById, scenarioOf, SEED_ID } from './presets.ts';
import type { JobState, Scenario } from './types.ts';

/** The keys of queue `queue` under BullMQ's default prefix, `bull`. */
export interface BullmqKeys {
  /** the queue's key prefix, ARGV[1] of extendLocks: every job key is built from it */
  base: string;
  /** the set of suspected stalled jobs, KEYS[1] of extendLocks */
  stalled: string;
  /** the list of jobs being worked */
  active: string;
  /** the list of jobs waiting to be taken (a stalled job is moved back here) */
  wait: string;
  /** a job's hash */
  job: (id: string) => string;
  /** a job's lock: a string holding the holder's token, with a time to live */
  lock: (id: string) => string;
}

/** BullMQ's key layout for `queue` (the `QueueKeys` of its client, default prefix). */
export function bullmqKeys(queue: string): BullmqKeys {
  const base = `bull:${queue}:`;
  return {
    base,
    stalled: `${base}stalled`,
    active: `${base}active`,
    wait: `${base}wait`,
    job: (id) => `${base}${id}`,
    lock: (id) => `${base}${id}:lock`,
  };
}

/**
 * The token a BullMQ worker holds for an EchoMQ token: BullMQ's tokens are strings the worker
 * makes (`<worker id>:<n>`); the mirror uses the EchoMQ number as the string, so the same held
 * pair reads the same on both sides.
 */
export const bullmqToken = (token: number): string => String(token);

/** The value a wrong-type row holds in the mirror, as in EchoMQ's scenario. */
const NOT_A_HASH = 'not-a-hash';

/**
 * Whether the job still has a lock in BullMQ: a row, in active, with time left. A lease whose
 * time ran out has no key at all (Redis removed it), where EchoMQ keeps a past score.
 */
export function holdsLock(job: JobState): boolean {
  return job.row !== 'none' && job.place === 'active' && job.leaseLeftMs > 0;
}

/**
 * The commands that put a server into the scenario's state in BullMQ's keys: each job's hash
 * (or a string where the hash belongs), its lock with the lease left as PX, then the active
 * list, the wait list (EchoMQ's pending: a reaped job) and the stalled set: a stall check has
 * just run, so every active job is suspected until its lock is renewed.
 */
export function bullmqSetupCommands(scenario: Scenario): string[][] {
  const k = bullmqKeys(scenario.queue);
  const cmds: string[][] = [];
  for (const job of scenario.jobs) {
    if (job.row === 'hash') {
      // `ats`: how many times the job was started, BullMQ's nearest to EchoMQ's attempts
      cmds.push(['HSET', k.job(job.id), 'ats', String(job.attempts)]);
    } else if (job.row === 'wrongtype') {
      cmds.push(['SET', k.job(job.id), NOT_A_HASH]);
    }
    if (holdsLock(job)) {
      cmds.push(['SET', k.lock(job.id), bullmqToken(job.attempts), 'PX', String(job.leaseLeftMs)]);
    }
  }
  const active = scenario.jobs.filter((j) => j.place === 'active').map((j) => j.id);
  const wait = scenario.jobs.filter((j) => j.place === 'pending').map((j) => j.id);
  if (active.length > 0) {
    cmds.push(['RPUSH', k.active, ...active]);
    cmds.push(['SADD', k.stalled, ...active]);
  }
  if (wait.length > 0) cmds.push(['RPUSH', k.wait, ...wait]);
  return cmds;
}

/** msgpack of an array of strings, as BullMQ's client packs ids and tokens (msgpackr). */
export function packStrings(items: readonly string[]): string {
  const out: number[] = [];
  const n = items.length;
  if (n < 16) out.push(0x90 | n);
  else if (n < 0x10000) out.push(0xdc, n >> 8, n & 0xff);
  else out.push(0xdd, (n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff);
  for (const item of items) {
    const b = bytesOfText(item);
    const len = b.length;
    if (len < 32) out.push(0xa0 | len);
    else if (len < 0x100) out.push(0xd9, len);
    else if (len < 0x10000) out.push(0xda, len >> 8, len & 0xff);
    else out.push(0xdb, (len >>> 24) & 0xff, (len >> 16) & 0xff, (len >> 8) & 0xff, len & 0xff);
    for (const x of b) out.push(x);
  }
  return textOfBytes(out);
}

/**
 * The strings of a msgpack array of strings (what {@link packStrings} makes and BullMQ's script
 * unpacks with `cmsgpack.unpack`), or null when `packed` is not exactly one such array.
 */
export function unpackStrings(packed: string): string[] | null {
  const b = bytesOfText(packed);
  let at = 0;
  // a big-endian length of `size` bytes, or null past the end
  const len = (size: number): number | null => {
    if (at + size > b.length) return null;
    let n = 0;
    for (let i = 0; i < size; i++) n = n * 256 + b[at++]!;
    return n;
  };
  const head = b[at++];
  let n: number | null;
  if (head === undefined) return null;
  if ((head & 0xf0) === 0x90) n = head & 0x0f;
  else if (head === 0xdc) n = len(2);
  else if (head === 0xdd) n = len(4);
  else return null;
  if (n === null) return null;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const tag = b[at++];
    let size: number | null;
    if (tag === undefined) return null;
    if ((tag & 0xe0) === 0xa0) size = tag & 0x1f;
    else if (tag === 0xd9) size = len(1);
    else if (tag === 0xda) size = len(2);
    else if (tag === 0xdb) size = len(4);
    else return null;
    if (size === null || at + size > b.length) return null;
    out.push(textOfBytes(b.slice(at, at + size)));
    at += size;
  }
  return at === b.length ? out : null;
}

/**
 * The arguments BullMQ's client sends to extendLocks for the held pairs: KEYS[1] the stalled
 * set; ARGV the prefix, the packed tokens, the packed ids and the lock duration in ms. A raw
 * client's trailing id has no BullMQ form (the ids and tokens travel as two packed arrays).
 */
export function bullmqExtendLocksArgs(scenario: Scenario, sha: string): string[] {
  const k = bullmqKeys(scenario.queue);
  const tokens = scenario.held.map((p) => bullmqToken(p.token));
  const ids = scenario.held.map((p) => p.id);
  return [
    'EVALSHA',
    sha,
    '1',
    k.stalled,
    k.base,
    packStrings(tokens),
    packStrings(ids),
    String(scenario.leaseMs),
  ];
}

/**
 * The arguments BullMQ's client sends to the single extendLock for the first held pair: KEYS the
 * job's lock and the stalled set; ARGV the token, the lock duration and the id.
 */
export function bullmqExtendLockArgs(scenario: Scenario, sha: string): string[] {
  const k = bullmqKeys(scenario.queue);
  const pair = scenario.held[0];
  if (!pair) throw new Error('extendLock needs one held pair');
  return [
    'EVALSHA',
    sha,
    '2',
    k.lock(pair.id),
    k.stalled,
    bullmqToken(pair.token),
    String(scenario.leaseMs),
    pair.id,
  ];
}

/**
 * The held jobs the BullMQ stepper offers. `lapsed` is the case the two layouts answer apart:
 * a lease whose deadline passed while no reaper has run yet is still a score in EchoMQ's active
 * set, but its BullMQ lock key is already gone.
 */
export function bullmqScenario(id: BullmqScenarioId): Scenario {
  switch (id) {
    case 'four-fates':
      return defaultScenario();
    case 'all-live':
      return presetById('all-live').build();
    case 'lapsed': {
      const jobs = [liveJob(SEED_ID), liveJob('JOB0KHTV9gLpHt', { leaseLeftMs: -1_500 })];
      return scenarioOf(
        jobs,
        jobs.map((j) => ({ id: j.id, token: j.attempts })),
      );
    }
  }
}
