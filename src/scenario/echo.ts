/**
 * The part of a refused link the stepper may repeat. A link is written by anyone, so its text
 * must never read as the lesson speaking: the page words every refusal itself, and of the link
 * repeats at most a short fragment, shown quoted ("the link said: …"), with anything that looks
 * like a web address removed, so no instruction or address from a link appears in the page.
 */

/** The most characters of a link's text the page repeats. */
export const MAX_ECHO = 32;

const ADDRESS =
  /(?:https?|ftp|file|data|javascript|mailto|tel):\S*|[a-z][a-z0-9+-]{1,15}:\/\/\S*|\bwww\.\S*|\b[\w-]+(\.[\w-]+)+\/\S*|\S+@\S+\.\S+/gi;

/** A short, safe fragment of `text` to show quoted, or null when nothing of it is worth showing. */
export function echoOf(text: string): string | null {
  const cleaned = text
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(ADDRESS, '…')
    .replace(/\s+/g, ' ')
    .trim();
  if (cleaned === '' || cleaned === '…') return null;
  const chars = [...cleaned];
  return chars.length > MAX_ECHO ? `${chars.slice(0, MAX_ECHO).join('')}…` : cleaned;
}
