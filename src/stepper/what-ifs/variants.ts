/**
 * The counterfactuals the lesson argues from, as the stepper names them. Each is a real script
 * (the lesson's with one edit, `script-edits.ts`) that the engine runs as it runs any script;
 * the script in content/ is never changed.
 */
import { editorWords } from '../../../content/editors.ts';
import { VARIANTS, type Variant } from '../../vocabulary/index.ts';

/** Every variant the stepper can run, the real script first (declared in variant-ids.ts). */
export { VARIANTS, type Variant };

/** Each variant's name in the caption and the alerts (content/editors.ts). */
export const VARIANT_LABELS: Readonly<Record<Variant, string>> = editorWords.variants;

/**
 * Whether the stepper runs a what-if: a variant other than the real script, and no script of
 * the learner's in its place (theirs replaces any variant). The banner names it then, and the
 * stage gives its longer steps more room.
 */
export const runsWhatIf = (variant: Variant, script: string | null): boolean =>
  variant !== 'real' && script === null;
