export { Stepper, type StepperProps } from './Stepper.tsx';
export { PRESETS, type PresetId, type Scenario } from '../../scenario/index.ts';
