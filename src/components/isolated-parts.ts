import { FSI, PDI } from '@batch-lease/redis-sim/client';

/** A run of the lesson's own words, or a learner- or link-chosen part to isolate in a `<bdi>`. */
export type IsolatedPart = string | { bdi: string };

/**
 * Splits a sentence in which chosen text stands between FSI and PDI (`isolate` in
 * @batch-lease/redis-sim/client) into its parts. One reading for both writers of such text:
 * `IsolatedText` (React) and the stepper's step writer (`step-writer.ts`), which writes the
 * narration outside React's render.
 */
export function isolatedParts(text: string): IsolatedPart[] {
  if (!text.includes(FSI)) return [text];
  const parts: IsolatedPart[] = [];
  let rest = text;
  for (let at = rest.indexOf(FSI); at !== -1; at = rest.indexOf(FSI)) {
    const end = rest.indexOf(PDI, at + 1);
    if (end === -1) break;
    if (at > 0) parts.push(rest.slice(0, at));
    parts.push({ bdi: rest.slice(at + 1, end) });
    rest = rest.slice(end + 1);
  }
  if (rest) parts.push(rest);
  return parts;
}
