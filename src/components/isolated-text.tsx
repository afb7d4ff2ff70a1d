import { FSI, PDI } from '@batch-lease/redis-sim/client';

/**
 * Renders a sentence in which learner- or link-chosen text stands between FSI and PDI
 * (`isolate` in @batch-lease/redis-sim/client): each such part becomes a `<bdi>`, so its
 * direction never reorders the lesson's words around it. Text without marks comes back as is.
 */
export function IsolatedText({ text }: { text: string }) {
  if (!text.includes(FSI)) return <>{text}</>;
  const parts: (string | { bdi: string })[] = [];
  let rest = text;
  for (let at = rest.indexOf(FSI); at !== -1; at = rest.indexOf(FSI)) {
    const end = rest.indexOf(PDI, at + 1);
    if (end === -1) break;
    if (at > 0) parts.push(rest.slice(0, at));
    parts.push({ bdi: rest.slice(at + 1, end) });
    rest = rest.slice(end + 1);
  }
  if (rest) parts.push(rest);
  return <>{parts.map((p, i) => (typeof p === 'string' ? p : <bdi key={i}>{p.bdi}</bdi>))}</>;
}
