import { memo, useLayoutEffect, useRef } from 'react';
import type { Token } from '../../content/listing-types.ts';
import type { ListingId } from '../../machines/trace-source.ts';
import { tokenSpans } from '../token-spans.tsx';
import { keepLineInView } from './keep-in-view.ts';
import { linesOf } from './listings.ts';
import s from './stepper.module.css';

export interface CodeViewProps {
  listing: ListingId;
  /** the 1-based line the run stands on, or null before the first step */
  line: number | null;
  /** set when a counterfactual variant made the current step */
  variantNote?: string | undefined;
}

/** The listing with the current line lit; each line is addressable as data-line. */
export const CodeView = memo(function CodeView({ listing, line, variantNote }: CodeViewProps) {
  const lines = linesOf(listing);
  const pre = useRef<HTMLPreElement>(null);
  // the listing scrolls inside its own box, so the lit line never leaves it
  useLayoutEffect(() => {
    const box = pre.current;
    const lit = line === null ? null : box?.querySelector<HTMLElement>(`[data-line="${line}"]`);
    if (box && lit) keepLineInView(box, lit);
  }, [listing, line]);
  return (
    <figure className={`${s.panel} ${s.flush}`}>
      <figcaption className={s.panelTitle}>{listing}</figcaption>
      <pre
        ref={pre}
        className={s.code}
        tabIndex={0}
        aria-label={`${listing}, current line ${line ?? 'none'}`}
      >
        <code>
          {lines.map((tokens, n) => {
            const here = n + 1 === line;
            // only the line left and the line reached render again on a step
            return (
              <CodeLine
                key={n}
                n={n + 1}
                tokens={tokens}
                here={here}
                variant={here && variantNote !== undefined && variantNote !== ''}
              />
            );
          })}
        </code>
      </pre>
    </figure>
  );
});

interface CodeLineProps {
  n: number;
  /** the line's build-time tokens (the same array on every render, so memo holds) */
  tokens: readonly Token[];
  here: boolean;
  /** the current line was made by a counterfactual variant */
  variant: boolean;
}

const CodeLine = memo(function CodeLine({ n, tokens, here, variant }: CodeLineProps) {
  return (
    <span
      data-line={n}
      className={`${s.codeLine} ${here ? s.current : ''}`}
      aria-current={here ? 'step' : undefined}
    >
      <span className={s.lineNo} aria-hidden="true">
        {n}
      </span>
      <span>{tokens.length === 0 ? ' ' : tokenSpans(tokens)}</span>
      {variant ? <span className={s.variantTag}>variant</span> : <span />}
    </span>
  );
});
