import { BullmqStepper, type BullmqStepperProps } from '../components/bullmq/index.ts';

/** The lesson's BullMQ stepper (under "How BullMQ does it"). */
export function PageBullmq(props: BullmqStepperProps) {
  return <BullmqStepper {...props} />;
}
