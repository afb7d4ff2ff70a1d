import type { ReactNode } from 'react';
import { lineId, type ListingName } from '../../content/listing-manifest.ts';
import { getListing, lineText } from '../content/listings.ts';

/** A walk through a listing, line by line: an ordered list of {@link LineNote}s. */
export function LineNotes({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <ol className="line-notes" aria-label={label}>
      {children}
    </ol>
  );
}

interface LineNoteProps {
  listing: ListingName;
  /** First line the note explains (1-based). */
  from: number;
  /** Last line, when the note covers a range. */
  to?: number;
  /** Text the first line must contain: a renumbered script fails the build, not the reader. */
  match: string;
  children?: ReactNode;
}

/**
 * One note on one line (or a range) of a listing, with a link to the line itself.
 * Rendering throws when the line does not exist or no longer says `match`, so the
 * prerender (and the content test) catch a note that has drifted from its script.
 */
export function LineNote({ listing, from, to, match, children }: LineNoteProps) {
  const data = getListing(listing);
  const last = to ?? from;
  const text = lineText(data, from);
  if (text === undefined || lineText(data, last) === undefined || last < from) {
    throw new Error(`line note: ${listing} has no lines ${from}–${last}`);
  }
  if (!text.includes(match)) {
    throw new Error(
      `line note: ${listing} line ${from} no longer contains ${JSON.stringify(match)}`,
    );
  }
  const label = last === from ? `line ${from}` : `lines ${from}–${last}`;
  return (
    <li className="line-note" data-listing={listing} data-from={from} data-to={last}>
      <a className="line-ref" href={`#${lineId(listing, from)}`}>
        <span className="sr-only">{data.title}, </span>
        {last === from ? `L${from}` : `L${from}–${last}`}
        <span className="sr-only"> ({label})</span>
      </a>
      <div className="line-note-body">{children}</div>
    </li>
  );
}
