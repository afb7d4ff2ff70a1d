import { FSI } from '@batch-lease/redis-sim/client';
import { isolatedParts } from './isolated-parts.ts';

/**
 * Renders a sentence in which learner- or link-chosen text stands between FSI and PDI
 * (`isolate` in @batch-lease/redis-sim/client): each such part becomes a `<bdi>`, so its
 * direction never reorders the lesson's words around it. Text without marks comes back as is.
 */
export function IsolatedText({ text }: { text: string }) {
  if (!text.includes(FSI)) return <>{text}</>;
  return (
    <>
      {isolatedParts(text).map((p, i) => (typeof p === 'string' ? p : <bdi key={i}>{p.bdi}</bdi>))}
    </>
  );
}
