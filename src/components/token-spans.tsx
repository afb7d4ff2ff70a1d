import type { ReactNode } from 'react';
import type { Token } from '../content/listing-types.ts';
// the palette goes wherever tokens are drawn: the page, the embed pages, the custom element
import 'virtual:listings.css';

/**
 * A line's build-time tokens as spans of the palette classes (`sk<n>`, from
 * `virtual:listings.css`); plain tokens (style 0) stay bare text. The one renderer of tokens,
 * for the lesson's listings and the stepper's.
 */
export function tokenSpans(tokens: readonly Token[]): ReactNode[] {
  return tokens.map(([text, style], j) =>
    style === 0 ? (
      text
    ) : (
      <span key={j} className={`sk${style}`}>
        {text}
      </span>
    ),
  );
}
