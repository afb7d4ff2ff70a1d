import { lineId, type ListingName } from '../../content/listing-manifest.ts';
import { Island } from './island.tsx';
import { getListing } from '../content/listings.ts';
import { tokenSpans } from '../components/token-spans.tsx';
import { reconstructedOf } from '../../content/reconstructed.ts';
import { ReconstructedNote } from '../components/reconstructed-note.tsx';

interface CodeListingProps {
  /** The listing, by its manifest name. */
  name: ListingName;
  /** A caption to show instead of the manifest's. */
  caption?: string;
  /** Give every line its page-wide id (`L-<name>-<n>`); off for a second copy on the page. */
  anchors?: boolean;
  /** The 1-based line to mark as current, for the stepper's code view. */
  activeLine?: number;
}

/**
 * A listing highlighted at build time: one `span.line` per source line, each with
 * `data-line` and (by default) an id, so other parts of the page can point at a line.
 */
export function CodeListing({ name, caption, anchors = true, activeLine }: CodeListingProps) {
  const listing = getListing(name);
  const reconstructed = reconstructedOf(listing.title);
  return (
    <figure className="listing" data-listing={name} data-lang={listing.lang}>
      <figcaption className="listing-bar">
        <span className="listing-title">{listing.title}</span>
        <span className="listing-caption">{caption ?? listing.caption}</span>
        <Island name="copy" props={{ listing: name, title: listing.title }} />
      </figcaption>
      {reconstructed ? (
        <ReconstructedNote note={reconstructed} className="listing-reconstructed" />
      ) : null}
      <pre className="code" tabIndex={0}>
        <code>
          {listing.lines.map((tokens, i) => {
            const n = i + 1;
            return (
              <span
                key={n}
                className="line"
                data-line={n}
                id={anchors ? lineId(name, n) : undefined}
                aria-current={activeLine === n ? 'step' : undefined}
              >
                {tokens.length === 0 ? '\n' : tokenSpans(tokens)}
              </span>
            );
          })}
        </code>
      </pre>
    </figure>
  );
}
