/**
 * The shape check for a scenario read from an untrusted place (a shared URL). It is
 * hand-written rather than a schema library so the page ships no validator runtime;
 * it accepts exactly the fields of {@link Scenario} with their types and bounds, and
 * nothing else (unknown fields are refused, as a strict schema would).
 */
import type { JobState, Scenario } from './types.ts';

const MAX_TEXT = 512;
const MAX_ITEMS = 5_000;

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= MAX_TEXT;
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isNullableText = (v: unknown) => v === null || isText(v);
const oneOf =
  <T extends string>(...values: T[]) =>
  (v: unknown): v is T =>
    typeof v === 'string' && (values as string[]).includes(v);

/** True when `o` has exactly `checks`' keys and every value passes its check. */
function exactly(o: unknown, checks: Record<string, (v: unknown) => boolean>): o is Obj {
  if (!isObj(o)) return false;
  const keys = Object.keys(o);
  if (keys.length !== Object.keys(checks).length) return false;
  return keys.every((k) => Object.hasOwn(checks, k) && checks[k]!(o[k]));
}

const listOf = (item: (v: unknown) => boolean) => (v: unknown) =>
  Array.isArray(v) && v.length <= MAX_ITEMS && v.every(item);

const heldPair = (v: unknown) => exactly(v, { id: isText, token: isInt });

/** True when `v` is a {@link JobState} in shape (a scenario's job, or one a draft keeps). */
export const isJobStateShape = (v: unknown): v is JobState =>
  exactly(v, {
    id: isText,
    row: oneOf('hash', 'none', 'wrongtype'),
    attempts: isInt,
    group: isNullableText,
    place: oneOf('active', 'pending', 'neither'),
    leaseLeftMs: isInt,
  });

/** True when `v` is a {@link Scenario} in shape; the gate and guards are checked separately. */
export function isScenarioShape(v: unknown): v is Scenario {
  return exactly(v, {
    queue: (q) => typeof q === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(q),
    held: listOf(heldPair),
    jobs: listOf(isJobStateShape),
    leaseMs: isInt,
    clockMs: isInt,
    caller: oneOf('full', 'read-only'),
    client: oneOf('verb', 'raw'),
    trailingId: isNullableText,
    activeKeyOverride: isNullableText,
  });
}
