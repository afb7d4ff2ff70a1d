/**
 * What the lesson shows that EchoMQ's material does not print and was written from its
 * description: each such listing, and the native replies table, carries a one-line note of
 * what is reconstructed, after the label. Read at build time (the page's listings and table)
 * and by the stepper's code view; never in the page's first load.
 */
export const reconstructedWords = {
  /** the label before each note */
  label: 'Reconstructed from the description:',
  /** by listing title: what of it is reconstructed */
  listings: {
    'extend_lock2.lua':
      'the whole script, and the EMQGONE and EMQNOTACTIVE classes: EchoMQ describes the single script (the batch’s three checks, an error for each, EMQSTALE for a stale token) but does not print it.',
    'emq_extends.rs':
      'lines 9–15, the layout check and the lease parse, which the published handler leaves out (“… the layout check and the lease”); the rest is its code.',
    'emq_extend.rs':
      'the whole handler: EchoMQ names EMQ.EXTEND and its reply of 1 but does not print it, so it is written after EMQ.EXTENDS and the single script.',
  },
  /** under the native replies table */
  nativeReplies:
    'EchoMQ’s material quotes only ERR EMQ.EXTENDS wrong number of arguments, the array of ids not extended and EMQ.EXTEND’s 1; every other text here follows their convention, and EMQGONE and EMQNOTACTIVE are named after EMQSTALE, the one class it names.',
  /** under the fate picker's answers, when one shows a wire class */
  wireClasses:
    'the single script’s error texts, and the EMQGONE and EMQNOTACTIVE classes: EchoMQ names only EMQSTALE.',
} as const;

/** What of the listing titled `title` is reconstructed, or null when it is EchoMQ's own. */
export function reconstructedOf(title: string): string | null {
  const notes: Readonly<Record<string, string>> = reconstructedWords.listings;
  return notes[title] ?? null;
}
