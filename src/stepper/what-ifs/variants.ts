/**
 * The counterfactuals the lesson argues from, as the stepper names them. Each is a real script
 * (the lesson's with one edit, `script-edits.ts`) that the engine runs as it runs any script;
 * the script in content/ is never changed.
 */
import { VARIANTS, type Variant } from '../../vocabulary/index.ts';

/** Every variant the stepper can run, the real script first (declared in variant-ids.ts). */
export { VARIANTS, type Variant };

export const VARIANT_LABELS: Record<Variant, string> = {
  real: 'the real script',
  'no-membership-guard': 'variant: the membership guard dropped',
  'clock-per-member': 'variant: TIME read per member',
};
