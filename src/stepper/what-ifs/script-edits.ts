/**
 * The counterfactuals as data: each is the lesson's batch script with one edit, written as
 * exact text replacements of the lesson's file, so the variant the stepper runs (on the engine,
 * as any script runs) is a real script a learner could have typed. An edit that no longer
 * applies to the lesson's text exactly once throws, so a changed lesson cannot silently give a
 * variant that says something else.
 */
import type { Variant } from '../../vocabulary/index.ts';

/** One replacement: `find` must occur exactly once in the text it is applied to. */
export interface Hunk {
  find: string;
  replace: string;
}

/** A counterfactual: the lesson's script with these hunks applied, in order. */
export interface ScriptEdit {
  variant: Exclude<Variant, 'real'>;
  /** what the edit does, in the lesson's words */
  summary: string;
  hunks: readonly Hunk[];
  /**
   * The lesson's comment lines, as they read, that the edit makes false (the listing marks them
   * where they stand): each must occur exactly once in the edited text
   */
  untrue: readonly string[];
}

const CLOCK =
  "-- TIME is read once, so every extended member shares the same now\nlocal t = redis.call('TIME')\nlocal now = t[1] * 1000 + math.floor(t[2] / 1000)\n";

/** The two counterfactuals the lesson argues from. */
export const SCRIPT_EDITS: readonly ScriptEdit[] = [
  {
    variant: 'no-membership-guard',
    summary: 'the ZSCORE membership check is removed from the if',
    hunks: [
      {
        find: "  if att and att == token and redis.call('ZSCORE', KEYS[1], id) then\n",
        replace: '  if att and att == token then\n',
      },
    ],
    untrue: [
      // two gates are left, and a reaped id passes both
      '  -- three gates in order: a row, its attempts equal to the token, a member of active',
      // a re-score of a reaped id puts it back into active: a resurrection, not an extension
      '    -- the score is the lease deadline: re-scoring the member is the extension',
      '    -- gone, stale or reaped: reported back to the caller, never re-scored',
    ],
  },
  {
    variant: 'clock-per-member',
    summary: 'the TIME read moves from before the loop into it, so every member reads the clock',
    hunks: [
      { find: CLOCK, replace: '' },
      {
        find: '  local token = ARGV[i + 1]\n',
        replace:
          "  local token = ARGV[i + 1]\n  -- TIME is read again for every member\n  local t = redis.call('TIME')\n  local now = t[1] * 1000 + math.floor(t[2] / 1000)\n",
      },
    ],
    untrue: ['-- @extend_locks2 · extend many leases under one clock read'],
  },
];

/** `source` with `hunk` applied; throws unless its text occurs exactly once. */
export function applyHunk(source: string, hunk: Hunk): string {
  const at = source.indexOf(hunk.find);
  if (at < 0 || source.indexOf(hunk.find, at + 1) >= 0) {
    throw new Error(`the edit no longer applies once: ${JSON.stringify(hunk.find)}`);
  }
  return source.slice(0, at) + hunk.replace + source.slice(at + hunk.find.length);
}

/** The edit that makes `variant`, or null for the real script. */
export const editOf = (variant: Variant): ScriptEdit | null =>
  SCRIPT_EDITS.find((e) => e.variant === variant) ?? null;

/** The text `variant` runs, made from the lesson's text; null for the real script. */
export function variantSource(lesson: string, variant: Variant): string | null {
  const edit = editOf(variant);
  return edit ? edit.hunks.reduce(applyHunk, lesson) : null;
}

/**
 * The 1-based lines of `script` that are comments its what-if made false, when `script` is a
 * what-if's text (or a learner's edit that is exactly one); none for any other script.
 */
export function untrueCommentLines(lesson: string, script: string): ReadonlySet<number> {
  const variant = variantOfSource(lesson, script);
  const edit = variant === null ? null : editOf(variant);
  const lines = new Set<number>();
  if (!edit) return lines;
  script.split('\n').forEach((line, i) => {
    if (edit.untrue.includes(line)) lines.add(i + 1);
  });
  return lines;
}

/** The variant whose text is exactly `source`, 'real' for the lesson's, or null for neither. */
export function variantOfSource(lesson: string, source: string): Variant | null {
  if (source === lesson) return 'real';
  return SCRIPT_EDITS.find((e) => variantSource(lesson, e.variant) === source)?.variant ?? null;
}
