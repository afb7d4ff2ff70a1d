/**
 * Lines of chunks other than the script. Errors carry only a line number, so
 * a `loadstring` chunk's lines are moved up by a multiple of {@link CHUNK_SPAN}
 * and the chunk's name is found again from the line (a stepper sees only the
 * script's own lines, below the span). Each run keeps its own {@link ChunkNames}
 * (a function a script loads cannot outlive its run: everything it could be
 * kept in is read-only), so what one run loads is forgotten when it ends.
 */

/** Lines per chunk number in a packed position (chunk × CHUNK_SPAN + line). */
export const CHUNK_SPAN = 1_000_000;
/** The script's own chunk name, as Redis 7.0 names it. */
export const SCRIPT_SOURCE = '@user_script';
/** A function library's chunk name (function_lua.c's luaEngineCreate). */
export const FUNCTION_SOURCE = '@user_function';

/** The chunk names one run has loaded: raw names (what debug.getinfo calls `source`), by number. */
export class ChunkNames {
  private readonly sources: string[];
  private readonly known: Map<string, number>;

  /** `main` is the run's own chunk: a script's, or a function library's. */
  constructor(private readonly main: string = SCRIPT_SOURCE) {
    this.sources = [main];
    this.known = new Map([[main, 0]]);
  }

  /** Registers a chunk name; answers the line offset its lines get. */
  register(name: string): number {
    let n = this.known.get(name);
    if (n === undefined) {
      n = this.sources.length;
      this.sources.push(name);
      this.known.set(name, n);
    }
    return n * CHUNK_SPAN;
  }

  /** The raw name of the chunk an offset line is in. */
  sourceOf(line: number): string {
    return this.sources[Math.floor(line / CHUNK_SPAN)] ?? this.main;
  }
}

/** LUA_IDSIZE: the buffer runtime errors and `error`'s positions name a chunk in. */
export const ID_SIZE = 60;
/** llex.c's MAXSRC: the (larger) buffer a syntax error names its chunk in. */
export const SYNTAX_ID_SIZE = 80;

/**
 * Lua 5.1's luaO_chunkid: how a chunk name appears before `:line:`, cut to fit a C buffer of
 * `bufflen` bytes (its terminating NUL included) exactly as the C code cuts it.
 */
export function chunkIdOf(name: string, bufflen = ID_SIZE): string {
  // strncpy(out, source+1, bufflen) then out[bufflen-1] = 0
  if (name.startsWith('=')) return name.slice(1, bufflen);
  if (name.startsWith('@')) {
    // bufflen -= sizeof(" '...' "): the last part of a long file name, after "..."
    const room = bufflen - 8;
    const file = name.slice(1);
    return file.length > room ? `...${file.slice(file.length - room)}` : file;
  }
  // bufflen -= sizeof(" [string \"...\"] "); the text stops at its first newline
  const room = bufflen - 17;
  const cut = name.search(/[\n\r]/);
  let len = cut < 0 ? name.length : cut;
  if (len > room) len = room;
  return len < name.length ? `[string "${name.slice(0, len)}..."]` : `[string "${name}"]`;
}

/** A chunk name as C reads it (lua_load's `const char *chunkname`): up to its first NUL. */
export function cString(s: string): string {
  const nul = s.indexOf('\0');
  return nul < 0 ? s : s.slice(0, nul);
}

/** `user_script:12: ` (or the chunk's own id) for an offset line of a run that loaded `chunks`. */
export function positionOf(line: number, chunks: ChunkNames): string {
  return `${chunkIdOf(chunks.sourceOf(line))}:${line % CHUNK_SPAN}: `;
}

/**
 * What `debug.getinfo` says of the function running `line`: its raw source and current line,
 * or, for a C function (line -1), `=[C]` and -1 (what Redis's error handler records).
 */
export function sourceAndLine(line: number, chunks: ChunkNames): [string, number] {
  if (line < 0) return ['=[C]', -1];
  return [chunks.sourceOf(line), line % CHUNK_SPAN];
}
