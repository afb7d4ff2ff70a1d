export { BullmqStepper } from './BullmqStepper.tsx';
export type { BullmqStepperProps } from './BullmqStepper.tsx';
