export { Stepper, type StepperProps } from './Stepper.tsx';
export { PRESETS, type PresetId } from '../../scenario/presets.ts';
export type { Scenario } from '../../scenario/types.ts';
