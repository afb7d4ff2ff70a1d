/**
 * A script's `#!lua` line (eval.c's evalExtractShebangFlags): Redis 7.0 scripts may start with
 * `#!lua flags=no-writes,allow-oom`, and a script without one runs in the compatibility mode of
 * earlier versions. The line is split as sdssplitargs splits it; Lua is given the script
 * without it but with its line feed, so line numbers stay the user's.
 */
import { splitArgs } from '../redis-cli-split.ts';

/** The flags a shebang may name (script.c's scripts_flags_def), in Redis's order. */
export const SCRIPT_FLAGS = [
  'no-writes',
  'allow-oom',
  'allow-stale',
  'no-cluster',
  'allow-cross-slot-keys',
] as const;
/** One of the flags a `#!lua flags=…` shebang may name ({@link SCRIPT_FLAGS}). */
export type ScriptFlag = (typeof SCRIPT_FLAGS)[number];

/** A script's header: its flags (null in compatibility mode: no shebang) and its length. */
export interface Shebang {
  flags: ReadonlySet<ScriptFlag> | null;
  /** how many characters the shebang line takes, its line feed excluded (0 without one) */
  length: number;
}

/** Reads a script's shebang, or answers Redis's error for a malformed one. */
export function readShebang(body: string): Shebang | { error: string } {
  if (!body.startsWith('#!')) return { flags: null, length: 0 };
  const end = body.indexOf('\n');
  if (end < 0) return { error: 'ERR Invalid script shebang' };
  const split = splitArgs(body.slice(0, end));
  if (!split.ok || split.args.length === 0) {
    return { error: 'ERR Invalid engine in script shebang' };
  }
  const [engine, ...options] = split.args;
  if (engine !== '#!lua') return { error: `ERR Unexpected engine in script shebang: ${engine}` };
  const flags = new Set<ScriptFlag>();
  for (const option of options) {
    if (!option.startsWith('flags=')) {
      return { error: `ERR Unknown lua shebang option: ${option}` };
    }
    // sdssplitlen of an empty list gives no flags; of `a,,b` an empty one, which is unknown
    const list = option.slice(6);
    for (const f of list === '' ? [] : list.split(',')) {
      if (!(SCRIPT_FLAGS as readonly string[]).includes(f)) {
        return { error: `ERR Unexpected flag in script shebang: ${f}` };
      }
      flags.add(f as ScriptFlag);
    }
  }
  return { flags, length: end };
}
