// The modules the first-load rules (.dependency-cruiser.first-load.cjs) start from. Each of its
// rules is `reachable`: it asks what a rule's `from` modules reach, never what reaches them, so
// a cruise that starts at those modules sees every path the rules judge. The whole tree (src/
// and packages/, their tests and the server's own modules) is 697 modules to parse; the
// entries reach about 440, and the step's cruise takes a quarter less CPU.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';

/** The folders `npm run deps` cruises. */
const TREE = ['src', 'packages'];

/** Every file under `dir`, as a path relative to `root` with forward slashes. */
function filesUnder(root, dir) {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
    .filter((path) => !path.split('/').includes('node_modules'));
}

/**
 * The files of `root`'s tree that some rule of the first-load config starts from: its `from.path`
 * matches and its `from.pathNot`, if any, does not. Read from the config itself, so a rule with a
 * new entry is cruised from it without a second list to keep.
 * @param {string} root the repository's root (or the architecture test's broken tree)
 * @returns {string[]} paths relative to `root`
 */
export function firstLoadEntries(root) {
  const require = createRequire(import.meta.url);
  /** @type {{ forbidden: { from: { path: string, pathNot?: string } }[] }} */
  const config = require(join(root, '.dependency-cruiser.first-load.cjs'));
  const starts = config.forbidden.map(({ from }) => ({
    path: new RegExp(from.path),
    not: from.pathNot ? new RegExp(from.pathNot) : null,
  }));
  return TREE.flatMap((dir) => filesUnder(root, dir))
    .filter((file) => starts.some(({ path, not }) => path.test(file) && !not?.test(file)))
    .sort();
}
