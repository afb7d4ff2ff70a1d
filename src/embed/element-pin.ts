/**
 * The custom elements' module under a name that never changes what it serves
 * (`embed/batch-lease-<hash>.js`) and its Subresource Integrity hash, so a course page can pin
 * the exact module it tested with `integrity`. The build writes the pair next to the module
 * (`embed/batch-lease.json`, by scripts/vite-plugin-embed-element.ts); the Embed dialog reads it
 * and writes the pinned snippet. `embed/batch-lease.js` stays as the alias that follows the
 * newest build.
 */

/** The file, under `embed/`, that holds the pair. */
export const ELEMENT_PIN_FILE = 'batch-lease.json';

/** The module's versioned file name (under `embed/`) and its `integrity` value. */
export interface ElementPin {
  module: string;
  integrity: string;
}

const MODULE = /^batch-lease-[0-9a-f]{12}\.js$/;
const INTEGRITY = /^sha384-[A-Za-z0-9+/]{64}$/;

/** The versioned name the build gives the module whose SHA-384 (hex) is `hex`. */
export const versionedName = (hex: string): string => `batch-lease-${hex.slice(0, 12)}.js`;

/** The pair in `text`, or null when it is not one (a dev server, a file from elsewhere). */
export function parseElementPin(text: string): ElementPin | null {
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v !== 'object' || v === null) return null;
    const { module, integrity } = v as Record<string, unknown>;
    if (typeof module !== 'string' || !MODULE.test(module)) return null;
    if (typeof integrity !== 'string' || !INTEGRITY.test(integrity)) return null;
    return { module, integrity };
  } catch {
    return null;
  }
}

/** Reads the pair the site at `siteUrl` was built with; null when it has none. */
export async function readElementPin(siteUrl: string): Promise<ElementPin | null> {
  try {
    const res = await fetch(new URL(`embed/${ELEMENT_PIN_FILE}`, siteUrl), { cache: 'no-cache' });
    return res.ok ? parseElementPin(await res.text()) : null;
  } catch {
    return null;
  }
}
