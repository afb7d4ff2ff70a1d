/**
 * How BullMQ's scripts are titled and captioned where the lesson shows them. The scripts
 * themselves are never here: the build reads them from the installed `bullmq` package
 * (scripts/bullmq-scripts.ts), and the caption names the version and licence it found.
 */
import type { BullmqListingName } from './listing-manifest.ts';
export const bullmqListingWords = {
  title: '{name}-{keys}.lua',
  caption:
    'BullMQ {version} · {license} licence · read from node_modules/bullmq/{file} when the site is built',
} as const;

/** A BullMQ listing's stable name, used in line anchors such as `L-bullmq_extendLocks-12`. */
export const bullmqListingName = (script: 'extendLocks' | 'extendLock'): BullmqListingName =>
  `bullmq_${script}`;

/** What the build knows of one installed BullMQ script (scripts/bullmq-scripts.ts). */
interface InstalledScript {
  name: 'extendLocks' | 'extendLock';
  numberOfKeys: number;
  file: string;
  text: string;
}

/** The listing metadata of each installed BullMQ script, with the text to highlight. */
export function bullmqListings(pkg: {
  version: string;
  license: string;
  scripts: Record<string, InstalledScript>;
}) {
  const fillIn = (t: string, v: Record<string, string | number>) =>
    t.replace(/\{([a-z]+)\}/g, (_, k: string) => String(v[k]));
  return Object.values(pkg.scripts).map((s) => ({
    name: bullmqListingName(s.name),
    file: `node_modules/bullmq/${s.file}`,
    lang: 'lua',
    title: fillIn(bullmqListingWords.title, { name: s.name, keys: s.numberOfKeys }),
    caption: fillIn(bullmqListingWords.caption, {
      version: pkg.version,
      license: pkg.license,
      file: s.file,
    }),
    text: s.text,
  }));
}
