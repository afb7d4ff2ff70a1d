export { Stepper } from './Stepper.tsx';
export { restoreEvent } from './restore-event.ts';
