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
export function CodeView({ listing, line, variantNote }: CodeViewProps) {
  const lines = LISTING_LINES[listing];
  return (
    <figure className={s.panel} style={{ margin: 0 }}>
      <figcaption className={s.panelTitle}>{listing}</figcaption>
      <pre
        className={s.code}
        tabIndex={0}
        aria-label={`${listing}, current line ${line ?? 'none'}`}
      >
        <code>
          {lines.map((text, n) => {
            const here = n + 1 === line;
            return (
              <span
                key={n}
                data-line={n + 1}
                className={`${s.codeLine} ${here ? s.current : ''}`}
                aria-current={here ? 'step' : undefined}
              >
                <span className={s.lineNo} aria-hidden="true">
                  {n + 1}
                </span>
                <span>{text || ' '}</span>
                {here && variantNote ? <span className={s.variantTag}>variant</span> : <span />}
              </span>
            );
          })}
        </code>
      </pre>
    </figure>
  );
}
