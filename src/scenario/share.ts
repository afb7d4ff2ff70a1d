/**
 * The one way the page writes a stepper state into a link: only within the caps, and only a
 * hash that the codec reads back to the very same state. Whatever the app writes, it can read.
 */
import { MAX_HASH_LENGTH, overScriptCap, overShareCaps } from './caps.ts';
import { decodeHash, encodeHash, presetOf, type SharedState } from './codec.ts';

/** A hash to write, or why the state is too large to share as a link. */
export type ShareResult = { ok: true; hash: string } | { ok: false; why: string };

/** True when every field of `a` prints as the same field of `b`. */
function sameState(a: SharedState, b: SharedState): boolean {
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  return Object.keys(x).every((k) => JSON.stringify(x[k]) === JSON.stringify(y[k]));
}

/** The hash for `state` under `key`, checked by reading it back; or why there is none. */
export function shareHash(key: string, state: SharedState): ShareResult {
  if (presetOf(state.scenario) === null) {
    const over = overShareCaps(state.scenario);
    if (over) return { ok: false, why: over };
  }
  if (state.script !== undefined) {
    const over = overScriptCap(state.script);
    if (over) return { ok: false, why: over };
  }
  const hash = encodeHash(key, state);
  if (hash.length > MAX_HASH_LENGTH) return { ok: false, why: 'its link would be too long' };
  const back = decodeHash(hash, key);
  if (!back?.state || !sameState(state, back.state)) {
    return { ok: false, why: 'its link would not read back as the same scenario' };
  }
  return { ok: true, hash };
}

/** What the stepper says when the state it runs cannot be shared as a link. */
export function tooLargeNotice(why: string): string {
  const what = why.startsWith('its edited script') ? 'edited script' : 'scenario';
  return `This ${what} is too large to share as a link (${why}). It keeps running here; the address no longer holds it.`;
}
