import type { PresetId } from '../src/vocabulary/index.ts';

/**
 * The stepper presets the native-twin differences open in compare mode
 * (script on wire 4 beside the native command on wire 6).
 */
export const comparePresets = [
  'wrongtype-midbatch',
  'unpaired-trailing',
  'negative-lease',
  'lane-job',
  'read-only-caller',
  'epoch-stamp',
  'shape-checks',
] as const satisfies readonly PresetId[];

/** A preset name the stepper understands. */
export type ComparePreset = (typeof comparePresets)[number];

/** The in-page link that loads a preset into the stepper, optionally in compare mode. */
export function stepperHref(preset: ComparePreset, compare = true): string {
  return `#stepper?preset=${preset}${compare ? '&compare=1' : ''}`;
}

/**
 * What the preset picker says of each preset: its label, and one sentence on what it shows.
 * The scenarios themselves are built in src/scenario/presets.ts.
 */
export const presetWords: Record<PresetId, { label: string; blurb: string }> = {
  default: {
    label: 'Four leases, four fates',
    blurb: 'A live lease, a stale token, a gone row and a reaped lease.',
  },
  'all-live': {
    label: 'All live',
    blurb: 'Every check passes: all four re-scored at the same now + lease.',
  },
  reaped: {
    label: 'The reaped lease',
    blurb: 'The token still matches a reaped lease; only the membership guard refuses it.',
  },
  'wrongtype-midbatch': {
    label: 'A WRONGTYPE row mid-batch',
    blurb: 'The script keeps the ZADD it made before the error; the native twin writes nothing.',
  },
  'unpaired-trailing': {
    label: 'An unpaired trailing id (raw client)',
    blurb: 'The script never reads the trailing id; the native twin refuses the call.',
  },
  'negative-lease': {
    label: 'A negative lease (raw client)',
    blurb: "The script re-scores into the past; the verb's guard and the native twin refuse.",
  },
  'lane-job': {
    label: 'A lane job',
    blurb: 'A row with a group field extends as a flat job does.',
  },
  'read-only-caller': {
    label: 'A read-only caller',
    blurb:
      'A caller that may only read the job rows: the script serves it, the native twin answers NOPERM.',
  },
  'epoch-stamp': {
    label: 'The lease_epoch stamp',
    blurb:
      'The native twin stamps lease_epoch with the server run_id on every extended row; the script writes no such field.',
  },
  'shape-checks': {
    label: 'A KEYS[1] outside the base (raw client)',
    blurb:
      'The script looks in whatever sorted set KEYS[1] names, so a live lease is reported failed; the native twin checks the layout and refuses.',
  },
  thousand: {
    label: '1,000 leases',
    blurb: 'One clock read for a thousand members; scrub the timeline.',
  },
};
