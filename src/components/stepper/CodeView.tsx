import { memo } from 'react';
import type { ListingId } from '../../machines/trace-source.ts';
import { LISTING_LINES } from './listings.ts';
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
  const lines = LISTING_LINES[listing];
  return (
    <figure className={`${s.panel} ${s.flush}`}>
      <figcaption className={s.panelTitle}>{listing}</figcaption>
      <pre
        className={s.code}
        tabIndex={0}
        aria-label={`${listing}, current line ${line ?? 'none'}`}
      >
        <code>
          {lines.map((text, n) => {
            const here = n + 1 === line;
            // only the line left and the line reached render again on a step
            return (
              <CodeLine
                key={n}
                n={n + 1}
                text={text}
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
  text: string;
  here: boolean;
  /** the current line was made by a counterfactual variant */
  variant: boolean;
}

const CodeLine = memo(function CodeLine({ n, text, here, variant }: CodeLineProps) {
  return (
    <span
      data-line={n}
      className={`${s.codeLine} ${here ? s.current : ''}`}
      aria-current={here ? 'step' : undefined}
    >
      <span className={s.lineNo} aria-hidden="true">
        {n}
      </span>
      <span>{text || ' '}</span>
      {variant ? <span className={s.variantTag}>variant</span> : <span />}
    </span>
  );
});
