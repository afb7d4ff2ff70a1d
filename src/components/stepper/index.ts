export { Stepper, type StepperProps } from './Stepper.tsx';
export { restoreEvent } from './restore-event.ts';
export { PRESETS, type PresetId, type Scenario } from '../../scenario/index.ts';
