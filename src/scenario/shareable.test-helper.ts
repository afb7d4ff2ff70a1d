/**
 * Scenarios a link can carry, for property tests: every field anywhere in its valid range, up
 * to the share caps (pairs, group length, the id gate's bytes), including ids and groups that
 * JSON must escape. Shared by the vitest round trip and the browser round trip in e2e.
 */
import fc from 'fast-check';
import { JOB_ID_MAX_BYTES, jobIdProblem } from '@batch-lease/echomq';
import { SHARE_CAPS } from './caps.ts';
import type { JobState, Scenario } from './types.ts';

const utf8 = (s: string) => new TextEncoder().encode(s).length;
const gateOk = (id: string) => jobIdProblem(id) === null && utf8(id) <= JOB_ID_MAX_BYTES;

/** An id the gate lets through: plain, escape-heavy, or any code points. */
export const idArb = fc
  .oneof(
    fc.stringMatching(/^JOB0[A-Za-z0-9]{10}$/),
    fc.stringMatching(/^["\\/:<>&A-Za-z0-9'-]{1,128}$/),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
  )
  .filter(gateOk);

const safeInt = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
const groupArb = fc.option(
  fc
    .string({ unit: 'binary', maxLength: SHARE_CAPS.group })
    // a group becomes part of a lane's keys, so it passes the key builder's rule as an id does
    .filter((g) => g.length <= SHARE_CAPS.group && (g === '' || jobIdProblem(g) === null)),
);

const jobArb = (id: string): fc.Arbitrary<JobState> =>
  fc.record({
    id: fc.constant(id),
    row: fc.constantFrom('hash', 'none', 'wrongtype'),
    attempts: fc.nat({ max: Number.MAX_SAFE_INTEGER }),
    group: groupArb,
    place: fc.constantFrom('active', 'pending', 'neither'),
    leaseLeftMs: safeInt,
  });

/**
 * A valid scenario within the share caps; `maxPairs` lowers the pair cap, and `size: 'max'` makes
 * the pair counts reach it (fast-check's default keeps arrays short).
 */
export function shareableScenarioArb(
  maxPairs: number = SHARE_CAPS.pairs,
  size: fc.SizeForArbitrary = 'small',
): fc.Arbitrary<Scenario> {
  return fc
    .record({
      ids: fc.uniqueArray(idArb, { minLength: 1, maxLength: maxPairs, size }),
      picks: fc.array(fc.tuple(fc.nat(), safeInt), { maxLength: maxPairs, size }),
      client: fc.constantFrom('verb', 'raw'),
      queue: fc.stringMatching(/^[A-Za-z0-9_.-]{1,64}$/),
      caller: fc.constantFrom('full', 'read-only'),
      clockMs: fc.integer({ min: 0, max: 8_640_000_000_000_000 }),
      lease: safeInt,
      trailing: fc.option(idArb),
      activeKey: fc.option(fc.string({ maxLength: 512 })),
    })
    .chain(({ ids, picks, client, queue, caller, clockMs, lease, trailing, activeKey }) => {
      const held = picks.map(([n, token]) => ({ id: ids[n % ids.length]!, token }));
      const named = [...new Set(held.map((p) => p.id))];
      const raw = client === 'raw';
      const trailingId = raw && trailing !== null && !named.includes(trailing) ? trailing : null;
      const jobIds = trailingId === null ? named : [...named, trailingId];
      return fc.tuple(...jobIds.map(jobArb)).map((jobs): Scenario => ({
        queue,
        held,
        jobs,
        leaseMs: raw ? lease : Math.max(1, Math.abs(lease)),
        clockMs,
        caller,
        client,
        trailingId,
        activeKeyOverride: raw ? activeKey : null,
      }));
    });
}

/** The largest scenario the caps allow, every field at its longest once JSON-escaped. */
export function worstCaseScenario(): Scenario {
  const quoteId = (n: number) => `${'"'.repeat(JOB_ID_MAX_BYTES - 4)}${String(n).padStart(4, '0')}`;
  const ids = Array.from({ length: SHARE_CAPS.pairs }, (_, n) => quoteId(n));
  return {
    queue: 'q'.repeat(64),
    held: ids.map((id) => ({ id, token: Number.MIN_SAFE_INTEGER })),
    jobs: ids.map((id) => ({
      id,
      row: 'wrongtype',
      attempts: Number.MAX_SAFE_INTEGER,
      // the longest group the key builder takes, and the one JSON escapes most
      group: '"'.repeat(SHARE_CAPS.group),
      place: 'neither',
      leaseLeftMs: Number.MIN_SAFE_INTEGER,
    })),
    leaseMs: Number.MIN_SAFE_INTEGER,
    clockMs: 8_640_000_000_000_000,
    caller: 'read-only',
    client: 'raw',
    trailingId: null,
    activeKeyOverride: '\u0001'.repeat(512),
  };
}
