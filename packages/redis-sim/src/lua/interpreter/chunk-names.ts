/**
 * Lines of chunks other than the script. Errors carry only a line number, so
 * a `loadstring` chunk's lines are moved up by a multiple of {@link CHUNK_SPAN}
 * and the chunk's name is found again from the line (a stepper sees only the
 * script's own lines, below the span).
 */

export const CHUNK_SPAN = 1_000_000;
/** Raw chunk names (what debug.getinfo calls `source`), by chunk number. */
const sources: string[] = ['@user_script'];
const known = new Map<string, number>([['@user_script', 0]]);

/** Lua 5.1's luaO_chunkid: how a chunk name appears before `:line:`. */
export function chunkIdOf(name: string): string {
  if (name.startsWith('=')) return name.slice(1, 60);
  if (name.startsWith('@')) return name.slice(1);
  const cut = name.search(/[\n\r]/);
  let len = cut < 0 ? name.length : cut;
  if (len > 44) len = 44;
  return len < name.length ? `[string "${name.slice(0, len)}..."]` : `[string "${name}"]`;
}

/** Registers a chunk name; answers the line offset its lines get. */
export function registerChunk(name: string): number {
  let n = known.get(name);
  if (n === undefined) {
    n = sources.length;
    sources.push(name);
    known.set(name, n);
  }
  return n * CHUNK_SPAN;
}

/** `user_script:12: ` (or the chunk's own id) for an offset line. */
export function positionOf(line: number): string {
  const source = sources[Math.floor(line / CHUNK_SPAN)] ?? '@user_script';
  return `${chunkIdOf(source)}:${line % CHUNK_SPAN}: `;
}

/** `@user_script:12` (the raw source and line), as Redis's error handler reports it. */
export function sourceLineOf(line: number): string {
  const source = sources[Math.floor(line / CHUNK_SPAN)] ?? '@user_script';
  return `${source}:${line % CHUNK_SPAN}`;
}
