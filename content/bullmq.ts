/**
 * The words of the BullMQ part: the stepper that runs BullMQ's own `extendLocks` on the same
 * held jobs as EchoMQ's script, its compare view, and the fate picker's BullMQ column. The
 * prose of the part is in content/lesson.mdx ("How BullMQ does it"). `{name}` is a slot the
 * code fills; the content schema checks each sentence names exactly those slots.
 */
import type { FateId } from '../src/vocabulary/index.ts';

/** The scenarios the BullMQ stepper offers, by id, in the order its picker lists them. */
export const BULLMQ_SCENARIO_IDS = ['four-fates', 'lapsed', 'all-live'] as const;
export type BullmqScenarioId = (typeof BULLMQ_SCENARIO_IDS)[number];

export const bullmqWords = {
  heading: 'Step BullMQ’s extendLocks · the same held jobs',
  /** under the heading: where the script comes from */
  source:
    'BullMQ {version}, {license} licence: the script as its client sends it, read from the installed package.',
  scenarioLegend: 'Held jobs',
  scenarios: {
    'four-fates': 'the dive’s four leases: live, stale token, no row, reaped',
    lapsed: 'a lease that lapsed but was not reaped yet',
    'all-live': 'four live leases',
  } satisfies Record<BullmqScenarioId, string>,
  start: 'Step BullMQ’s script',
  loading: 'Loading the simulated server…',
  what: 'the simulated server',
  controls: {
    region: 'BullMQ stepper controls',
    first: 'First step',
    back: 'Step back',
    forward: 'Step forward',
    last: 'Last step',
    position: 'step {k} of {n}',
  },
  line: 'line {line}',
  beforeFirst: 'Before the first step: the keys as the mirror set them up.',
  compare: 'Compare with EchoMQ',
  panels: {
    code: 'extendLocks, as run',
    keyspace: 'BullMQ’s keys at this step',
    keyColumns: { key: 'key', type: 'type', value: 'value', ttl: 'time to live' },
    noTtl: 'none',
    ttl: '{ms} ms',
    reply: 'Reply',
    noReply: 'The script has not answered yet.',
    sent: 'What BullMQ’s client sent',
    sentCaption:
      'The tokens and the ids travel packed with msgpack, as BullMQ’s client packs them; the script unpacks them with cmsgpack.unpack.',
    sentColumns: { slot: 'slot', sent: 'bytes sent', unpacked: 'unpacked' },
    unpacked: '{n} strings: {list}',
    notPacked: 'not packed',
  },
  mirror:
    'The held jobs mirrored into BullMQ’s keys: a live lease is a lock key holding its token with the lease left as its time to live, a reaped job is back in wait with no lock, and a stall check has just put every active job in stalled.',
  compareView: {
    heading: 'The same held jobs, both scripts',
    caption: 'Each held id, as each script ends it',
    columns: {
      id: 'id',
      token: 'token',
      echomq: 'EchoMQ @extend_locks2',
      bullmq: 'BullMQ extendLocks',
    },
    extended: 'extended',
    failed: 'failed',
    error: 'error',
    failedList: '{who} answers {list}',
  },
  /** the fate picker's BullMQ column */
  fate: {
    heading: 'BullMQ',
    sub: 'extendLocks · its own keys',
    none: 'no counterpart',
    extended: 'lock renewed',
    failed: 'joins failed',
    error: 'error',
  },
} as const;

/**
 * What BullMQ's scripts do with each fate's job, mirrored into its keys: the verdict the words
 * claim (null: the fate has no counterpart there) and the words beside the computed answer.
 * The claim is held to the computed verdicts of both scripts by src/fates/bullmq.test.ts.
 */
export const bullmqFateWords: Record<
  FateId,
  { verdict: 'extended' | 'failed' | null; why: string }
> = {
  live: {
    verdict: 'extended',
    why: 'The lock key holds this worker’s token, so BullMQ writes it again with a fresh PX and takes the id out of `stalled`.',
  },
  'no-row': {
    verdict: 'failed',
    why: 'BullMQ removes a job only once its lock is gone, so a removed job has no lock key: `GET` answers nil and the id joins failed.',
  },
  'stale-token': {
    verdict: 'failed',
    why: 'Another worker took the job after this lease lapsed, so the lock holds its token, not this one: the id joins failed and the lock is left alone.',
  },
  'not-in-active': {
    verdict: 'failed',
    why: 'A stall check moves a job back to `wait` only once its lock key has expired, so there is no lock left to match: the id joins failed without any membership check.',
  },
  'lane-job': {
    verdict: 'extended',
    why: 'BullMQ has no lanes, so this is a plain job there, and the script never reads the job hash: the lock is renewed as any job’s is.',
  },
  'wrong-type': {
    verdict: 'extended',
    why: 'The script never reads the job’s own key, only its lock, so a job key holding a string changes nothing: the lock is renewed.',
  },
  'ill-formed-id': {
    verdict: 'extended',
    why: 'BullMQ checks an id only when a job is added with one (not an integer, no colon outside its repeatable jobs’ form), and a space breaks neither rule: the id is an ordinary one, and its lock is renewed.',
  },
  'read-only': {
    verdict: null,
    why: 'This caller may read the job rows but not write them; BullMQ’s scripts never read or write a job’s hash, only its lock key and `stalled`, so that line has nothing to fall on there.',
  },
};

/** The shape of the BullMQ part's words (the schema checks the sentences themselves). */
export type BullmqWords = typeof bullmqWords;
