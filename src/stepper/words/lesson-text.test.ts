import { describe, expect, it } from 'vitest';
import { BATCH_SOURCE } from '@batch-lease/echomq';
import { LESSON_SCRIPT } from './lesson-text.ts';
import { SCRIPT_EDITS, variantOfSource, variantSource } from '../what-ifs/script-edits.ts';

describe("the lesson's script text in the stepper", () => {
  it('is the file, byte for byte, rebuilt from the build-time tokens', () => {
    expect(LESSON_SCRIPT).toBe(BATCH_SOURCE);
  });

  it('takes each counterfactual edit exactly once, and knows each variant by its text', () => {
    for (const e of SCRIPT_EDITS) {
      const text = variantSource(LESSON_SCRIPT, e.variant)!;
      expect(text).not.toBe(LESSON_SCRIPT);
      expect(variantOfSource(LESSON_SCRIPT, text)).toBe(e.variant);
    }
    expect(variantOfSource(LESSON_SCRIPT, LESSON_SCRIPT)).toBe('real');
    expect(variantOfSource(LESSON_SCRIPT, 'return 1')).toBeNull();
  });
});
