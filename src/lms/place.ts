/**
 * The learner's place, as a platform keeps it between sessions: the page's URL hash (the
 * stepper's state, with the console's typed lines when it has some) and the fate picked. It is
 * written as suspend data, which a platform caps (4,096 characters in SCORM 1.2): what does not
 * fit is dropped, least needed first, and the data says what was dropped.
 */
import { withoutShared } from '../console/share.ts';
import { STEPPER_HASH_KEY } from '../embed/widgets.ts';
import { decodeHash, encodeHash, presetOf, type SharedState } from '../scenario/index.ts';

/** Where the learner is. */
export interface Place {
  /** the page's hash: `#stepper?…` (with `console=` when lines were typed), or '' */
  hash: string;
  /** the fate the picker shows, or null for its default */
  fate: string | null;
}

/** A place as suspend data, and what had to be left out for it to fit. */
export interface SavedPlace {
  data: string;
  /** in the order dropped: 'console lines', 'edited script', 'scenario', 'stepper state' */
  dropped: string[];
}

/** The words a saved place names for each thing it may leave out. */
export const DROPPABLE = ['console lines', 'edited script', 'scenario', 'stepper state'] as const;

/** The stepper's key in the lesson page's hash (`#stepper?…`). */
const KEY = STEPPER_HASH_KEY;

/**
 * The hash with less and less of it, each step with the name of what it left out: the console's
 * lines, then the edited script, then a scenario that is not a preset (the step needs it, so the
 * step goes too), then the stepper's state altogether. The console's part is taken out by the
 * console's link code, and the stepper's part is read and written by the stepper's own codec.
 */
function shorter(hash: string): { hash: string; dropped: string }[] {
  const noLines = withoutShared(hash);
  const state = decodeHash(noLines, KEY)?.state ?? null;
  const noScript = state?.script === undefined ? noLines : encodeHash(KEY, withoutScript(state));
  const noScenario = state && presetOf(state.scenario) === null ? '' : noScript;
  return [
    { hash: noLines, dropped: DROPPABLE[0] },
    { hash: noScript, dropped: DROPPABLE[1] },
    { hash: noScenario, dropped: DROPPABLE[2] },
    { hash: '', dropped: DROPPABLE[3] },
  ];
}

function withoutScript(state: SharedState): SharedState {
  const rest = { ...state };
  delete rest.script;
  return rest;
}

const encode = (hash: string, fate: string | null, dropped: string[]) =>
  JSON.stringify({ v: 1, h: hash, f: fate, ...(dropped.length > 0 ? { d: dropped } : {}) });

/** The place as suspend data of at most `limit` characters. */
export function encodePlace(place: Place, limit: number): SavedPlace {
  const dropped: string[] = [];
  let data = encode(place.hash, place.fate, dropped);
  if (data.length <= limit) return { data, dropped };
  let last = place.hash;
  for (const step of shorter(place.hash)) {
    if (step.hash === last) continue;
    last = step.hash;
    dropped.push(step.dropped);
    data = encode(step.hash, place.fate, dropped);
    if (data.length <= limit) return { data, dropped };
  }
  return { data: encode('', null, [...DROPPABLE]).slice(0, limit), dropped: [...DROPPABLE] };
}

/** The place suspend data holds, or null when it holds none this lesson wrote. */
export function decodePlace(data: string): (Place & { dropped: string[] }) | null {
  if (!data) return null;
  try {
    const json = JSON.parse(data) as { v?: unknown; h?: unknown; f?: unknown; d?: unknown };
    if (json.v !== 1 || typeof json.h !== 'string') return null;
    if (json.h !== '' && !json.h.startsWith('#')) return null;
    return {
      hash: json.h,
      fate: typeof json.f === 'string' ? json.f : null,
      dropped: Array.isArray(json.d)
        ? json.d.filter((d): d is string => typeof d === 'string')
        : [],
    };
  } catch {
    return null;
  }
}

/**
 * A short bookmark for the platform's location field (255 characters in SCORM 1.2): the
 * stepper's state without the console's lines or an edited script, when that fits; else ''.
 */
export function bookmarkOf(place: Place, limit: number): string {
  const short = shorter(place.hash)[1]!.hash;
  return short.length <= limit ? short : '';
}
