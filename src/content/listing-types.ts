/** One highlighted token: its text and its palette class index (`sk<n>`). */
export type Token = [text: string, style: number];

/** A listing as the page receives it: tokens per line, no highlighter needed. */
export interface ListingData {
  name: string;
  file: string;
  lang: string;
  title: string;
  caption: string;
  lines: Token[][];
}
