/**
 * Renders a short text in which `backticks` mark code, for headings and captions
 * that are written as plain strings in the content.
 */
export function InlineText({ text }: { text: string }) {
  const parts = text.split('`');
  return <>{parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>;
}
