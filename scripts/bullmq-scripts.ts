// Reads BullMQ's lock-extension scripts from the installed `bullmq` package at build time, the
// way BullMQ's own script loader builds the text its client sends: `--- @include "x"` lines are
// replaced by the named file (relative to the including one, `.lua` added, each file once),
// then every empty line is dropped. Nothing of BullMQ's is kept in this repository: a newer
// BullMQ installed is a newer script in the build. Node only; never imported by browser code.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The BullMQ scripts the lesson reads, by the command name BullMQ gives them. */
export const BULLMQ_SCRIPT_NAMES = ['extendLocks', 'extendLock'] as const;
export type BullmqScriptName = (typeof BULLMQ_SCRIPT_NAMES)[number];

/** One script as BullMQ's client sends it. */
export interface BullmqScript {
  name: BullmqScriptName;
  /** how many KEYS it declares (the `-N` of its file name) */
  numberOfKeys: number;
  /** its source file inside the package, e.g. `dist/esm/commands/extendLocks-1.lua` */
  file: string;
  /** the text the client loads: includes resolved, empty lines dropped */
  text: string;
  /** SHA1 of `text`: the EVALSHA the client sends */
  sha: string;
}

/** The installed package: its version, its licence and the scripts the lesson shows. */
export interface BullmqPackage {
  version: string;
  license: string;
  scripts: Record<BullmqScriptName, BullmqScript>;
}

// BullMQ's include directive: two or three dashes, @include, a quoted path, the rest of the line
const INCLUDE = /^-{2,3}[ \t]*@include[ \t]+(["'])(.+?)\1[; \t\n]*$/m;
const EMPTY_LINE = /^\s*[\r\n]/gm;
const COMMANDS_DIR = 'dist/esm/commands';

/** The package's own directory under `root`'s node_modules. */
export function bullmqDir(root: string): string {
  return resolve(root, 'node_modules', 'bullmq');
}

/** A script's text with its includes in place, each included file once (the first mention). */
function interpolate(path: string, seen: Set<string>, stack: readonly string[]): string {
  if (stack.includes(path))
    throw new Error(`BullMQ include cycle: ${[...stack, path].join(' → ')}`);
  let content = readFileSync(path, 'utf8');
  for (let m = INCLUDE.exec(content); m !== null; m = INCLUDE.exec(content)) {
    const ref = m[2]!;
    if (/^[~<]/.test(ref) || /[*?[]/.test(ref)) {
      // BullMQ maps `~`/`<rootDir>` and expands globs; none of its lock scripts uses either
      throw new Error(`BullMQ include form not supported here: "${ref}" in ${path}`);
    }
    const child = resolve(dirname(path), ref.endsWith('.lua') ? ref : `${ref}.lua`);
    const text = seen.has(child)
      ? ''
      : (seen.add(child), interpolate(child, seen, [...stack, path]));
    content = content.replace(m[0], text);
  }
  return content;
}

/** Reads the installed BullMQ package under `root` (the project directory). */
export function readBullmq(root: string): BullmqPackage {
  const dir = bullmqDir(root);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    version: string;
    license: string;
  };
  const files = readdirSync(join(dir, COMMANDS_DIR));
  const scripts = {} as Record<BullmqScriptName, BullmqScript>;
  for (const name of BULLMQ_SCRIPT_NAMES) {
    // the file is `<name>-<numberOfKeys>.lua`; a new version may declare another key count
    const found = files.filter((f) => new RegExp(`^${name}-(\\d+)\\.lua$`).test(f));
    if (found.length !== 1) {
      throw new Error(
        `bullmq ${pkg.version}: expected one ${COMMANDS_DIR}/${name}-N.lua, found ${found.length}`,
      );
    }
    const file = `${COMMANDS_DIR}/${found[0]!}`;
    const text = interpolate(join(dir, file), new Set(), []).replace(EMPTY_LINE, '');
    scripts[name] = {
      name,
      numberOfKeys: Number(/-(\d+)\.lua$/.exec(file)![1]),
      file,
      text,
      sha: createHash('sha1').update(text).digest('hex'),
    };
  }
  return { version: pkg.version, license: pkg.license, scripts };
}
