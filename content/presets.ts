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
