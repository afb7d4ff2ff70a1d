/**
 * A scenario as the editor holds it while the learner types: every field as typed, so a
 * refusal never loses input. A draft becomes a scenario only when every field passes the
 * scenario's own checks (validate.ts, caps.ts); the editor component only draws it.
 */
import { refuseGroupLength } from './caps.ts';
import { isJobStateShape } from './shape.ts';
import type { Caller, Client, JobState, Place, RowKind, Scenario } from './types.ts';
import {
  refuseClock,
  refuseCount,
  refuseGroup,
  refuseId,
  refuseLease,
  refuseToken,
} from './validate.ts';

export interface DraftPair {
  /** a stable key for React, not part of the scenario */
  key: string;
  id: string;
  token: string;
  row: RowKind;
  attempts: string;
  group: string;
  place: Place;
  leaseLeft: string;
}

export interface Draft {
  pairs: DraftPair[];
  lease: string;
  clock: string;
  caller: Caller;
  client: Client;
  trailing: string;
  /** jobs the scenario describes that no pair names (a trailing id's job), kept as they were */
  extraJobs: JobState[];
  queue: string;
  activeKeyOverride: string | null;
  nextKey: number;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string';
const oneOf =
  (...values: string[]) =>
  (v: unknown) =>
    typeof v === 'string' && values.includes(v);
const isRow = oneOf('hash', 'none', 'wrongtype');
const isPlace = oneOf('active', 'pending', 'neither');

const isDraftPair = (v: unknown): v is DraftPair =>
  isObj(v) &&
  isText(v.key) &&
  isText(v.id) &&
  isText(v.token) &&
  isRow(v.row) &&
  isText(v.attempts) &&
  isText(v.group) &&
  isPlace(v.place) &&
  isText(v.leaseLeft);

/**
 * True when `v` is a {@link Draft} in every field, as the editor wrote it. A draft read back from
 * storage is checked whole before the editor uses it: a damaged one (or an older page's) must be
 * discarded with a note, never break the editor. The fields are the learner's text, unbounded
 * and unchecked (the editor refuses them field by field, as it does while typing).
 */
export function isDraftShape(v: unknown): v is Draft {
  return (
    isObj(v) &&
    Array.isArray(v.pairs) &&
    v.pairs.every(isDraftPair) &&
    isText(v.lease) &&
    isText(v.clock) &&
    oneOf('full', 'read-only')(v.caller) &&
    oneOf('verb', 'raw')(v.client) &&
    isText(v.trailing) &&
    Array.isArray(v.extraJobs) &&
    v.extraJobs.every(isJobStateShape) &&
    isText(v.queue) &&
    (v.activeKeyOverride === null || isText(v.activeKeyOverride)) &&
    Number.isSafeInteger(v.nextKey) &&
    (v.nextKey as number) >= 0
  );
}

/** The draft of `s`, every number as text. */
export function draftFromScenario(s: Scenario): Draft {
  const jobs = new Map(s.jobs.map((j) => [j.id, j]));
  const named = new Set(s.held.map((p) => p.id));
  const pairs = s.held.map((p, n): DraftPair => {
    const j = jobs.get(p.id);
    return {
      key: `p${n}`,
      id: p.id,
      token: String(p.token),
      row: j?.row ?? 'none',
      attempts: String(j?.attempts ?? 1),
      group: j?.group ?? '',
      place: j?.place ?? 'neither',
      leaseLeft: String(j?.leaseLeftMs ?? 0),
    };
  });
  return {
    pairs,
    lease: String(s.leaseMs),
    clock: String(s.clockMs),
    caller: s.caller,
    client: s.client,
    trailing: s.trailingId ?? '',
    extraJobs: s.jobs.filter((j) => !named.has(j.id)),
    queue: s.queue,
    activeKeyOverride: s.activeKeyOverride,
    nextKey: pairs.length,
  };
}

/** Field keys: `lease`, `clock`, `trailing`, or `<pairKey>.<field>`. */
export type DraftErrors = Record<string, string>;

const INT = /^-?(0|[1-9][0-9]*)$/;

/** Every refusal in the draft, keyed by field; empty when the draft is a valid scenario. */
export function draftErrors(d: Draft): DraftErrors {
  const errs: DraftErrors = {};
  const firstOf = new Map<string, string>();
  for (const p of d.pairs) {
    const id = refuseId(p.id);
    if (id) errs[`${p.key}.id`] = id;
    const token = refuseToken(p.token);
    if (token) errs[`${p.key}.token`] = token;
    // a duplicated id shares the first pair's job state, so only the first is checked
    if (firstOf.has(p.id)) continue;
    firstOf.set(p.id, p.key);
    if (p.row === 'hash') {
      const att = refuseCount(p.attempts, 'attempts');
      if (att) errs[`${p.key}.attempts`] = att;
      // the key builder's rule first, then the cap a link can carry
      const group = refuseGroup(p.group) ?? refuseGroupLength(p.group);
      if (group) errs[`${p.key}.group`] = group;
    }
    if (p.place === 'active' && !INT.test(p.leaseLeft)) {
      errs[`${p.key}.leaseLeft`] =
        `the lease left must be whole ms; got ${JSON.stringify(p.leaseLeft)}`;
    }
  }
  const lease = refuseLease(d.lease, d.client);
  if (lease) errs.lease = lease;
  const clock = refuseClock(d.clock);
  if (clock) errs.clock = clock;
  if (d.client === 'raw' && d.trailing !== '') {
    const t = refuseId(d.trailing);
    if (t) errs.trailing = t;
  }
  return errs;
}

/** The scenario the draft describes, or null while any field is refused. */
export function scenarioFromDraft(d: Draft): Scenario | null {
  if (Object.keys(draftErrors(d)).length > 0) return null;
  const jobs: JobState[] = [];
  const seen = new Set<string>();
  for (const p of d.pairs) {
    if (seen.has(p.id)) continue;
    seen.add(p.id);
    jobs.push({
      id: p.id,
      row: p.row,
      attempts: p.row === 'hash' ? Number(p.attempts) : 0,
      group: p.row === 'hash' && p.group !== '' ? p.group : null,
      place: p.place,
      leaseLeftMs: p.place === 'active' ? Number(p.leaseLeft) : 0,
    });
  }
  const trailingId = d.client === 'raw' && d.trailing !== '' ? d.trailing : null;
  for (const j of d.extraJobs) {
    if (!seen.has(j.id) && j.id === trailingId) jobs.push(j);
  }
  return {
    queue: d.queue,
    held: d.pairs.map((p) => ({ id: p.id, token: Number(p.token) })),
    jobs,
    leaseMs: Number(d.lease),
    clockMs: Number(d.clock),
    caller: d.caller,
    client: d.client,
    trailingId,
    activeKeyOverride: d.client === 'raw' ? d.activeKeyOverride : null,
  };
}

/** `d` with `count` new live pairs at the end, each with an id no other pair uses. */
export function addPairs(d: Draft, count: number): Draft {
  const used = new Set(d.pairs.map((p) => p.id));
  const pairs = [...d.pairs];
  let n = d.pairs.length;
  for (let i = 0; i < count; i++) {
    let id = `JOB0NEW${String(++n).padStart(7, '0')}`;
    while (used.has(id)) id = `JOB0NEW${String(++n).padStart(7, '0')}`;
    used.add(id);
    pairs.push({
      key: `p${d.nextKey + i}`,
      id,
      token: '1',
      row: 'hash',
      attempts: '1',
      group: '',
      place: 'active',
      leaseLeft: '5000',
    });
  }
  return { ...d, pairs, nextKey: d.nextKey + count };
}
