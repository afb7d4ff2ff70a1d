/**
 * What a shared link can carry. A scenario within these caps always fits the hash the codec
 * reads back (a test builds the largest one the caps allow, every field at its worst, and reads
 * it back); a larger one still runs, it is just not written to the URL.
 */
import { grouped } from '../content/template.ts';
import { JOB_ID_MAX_BYTES } from '@batch-lease/echomq';
import type { Scenario } from './types.ts';

/** The caps a link holds to; the editor states each where it applies. */
export const SHARE_CAPS = {
  /** held pairs in a shared scenario (a preset travels by name, whatever its size) */
  pairs: 200,
  /** characters in a group (lane) name */
  group: 64,
  /** bytes of UTF-8 in an id: the id gate's own limit */
  idBytes: JOB_ID_MAX_BYTES,
  /** characters of an edited script (the lesson's is about 1,200) */
  scriptChars: 8_000,
} as const;

/** The longest hash the codec reads (a link beyond it is refused as too long). */
export const MAX_HASH_LENGTH = 400_000;

/** Why `s` is too large to share as a link, in plain words, or null when a link can carry it. */
export function overShareCaps(s: Scenario): string | null {
  if (s.held.length > SHARE_CAPS.pairs) {
    return `it holds ${grouped(s.held.length)} pairs; a link carries at most ${SHARE_CAPS.pairs}`;
  }
  if (s.jobs.length > SHARE_CAPS.pairs + 1) {
    return `it describes ${grouped(s.jobs.length)} jobs; a link carries at most ${SHARE_CAPS.pairs + 1}`;
  }
  const long = s.jobs.find((j) => j.group !== null && j.group.length > SHARE_CAPS.group);
  if (long) return `a group name is longer than ${SHARE_CAPS.group} characters`;
  return null;
}

/** Why an edited script is too large to share as a link, in plain words, or null when it fits. */
export function overScriptCap(script: string): string | null {
  return script.length > SHARE_CAPS.scriptChars
    ? `its edited script has ${grouped(script.length)} characters; a link carries at most ${grouped(SHARE_CAPS.scriptChars)}`
    : null;
}

/** The refusal the editor shows under a group name over the cap, or null. */
export function refuseGroupLength(text: string): string | null {
  return text.length > SHARE_CAPS.group
    ? `a group name travels in the link: at most ${SHARE_CAPS.group} characters (this one has ${text.length})`
    : null;
}
