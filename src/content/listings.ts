import { listings } from 'virtual:listings';
import 'virtual:listings.css';
import type { ListingName } from '../../content/listing-manifest.ts';
import type { ListingData } from './listing-types.ts';

/** The highlighted listing called `name`; every name in the manifest exists. */
export function getListing(name: ListingName): ListingData {
  const listing = listings[name];
  if (!listing) throw new Error(`unknown listing: ${name}`);
  return listing;
}

/** The text of one line (1-based), or undefined past the end. */
export function lineText(listing: ListingData, line: number): string | undefined {
  return listing.lines[line - 1]?.map(([text]) => text).join('');
}
