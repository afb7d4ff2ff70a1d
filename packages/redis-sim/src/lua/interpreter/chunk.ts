/**
 * A chunk compiled to a prototype: the main function of a script (chunk name
 * `@user_script`, as Redis 7.0 names it) or of a `loadstring` chunk.
 */
import type * as A from '../ast.ts';
import { parseChunk } from '../parser.ts';
import { LuaError, LuaFunction } from '../values.ts';
import { compileFunction, compileProto, invoke, type Proto } from './compile-function.ts';
import { FnState } from './fn-state.ts';
import { SYNTAX_ID_SIZE, cString } from './chunk-names.ts';
import { S, chargeScan, chargeWork } from './runtime.ts';
import { resolve } from './scope.ts';

/**
 * Steps a token of a script's own code costs to turn into code once it is parsed: about as long
 * again as reading it (a chain of 400,000 terms added to a local: 2.3 s to parse, 3.5 s to turn
 * into closures; a chain of numerals, which folds, a tenth of that).
 */
const CODE_STEPS_PER_TOKEN = 64;

/**
 * Compiles a Lua chunk (and keeps its tree); a syntax error is thrown as a LuaError with Lua's
 * message. `onToken` is told each token the parse reads (see {@link chargeOwnToken}); when it
 * is, turning the tree into code is charged too, by the tokens read, before it is done, so a
 * compile past its limits stops before that work as the parse stops within its own.
 */
export function compileChunk(
  source: string,
  onToken?: (bytes: number, line: number) => void,
): { proto: Proto; tree: A.Chunk } {
  let tokens = 0;
  const counted =
    onToken &&
    ((bytes: number, line: number) => {
      tokens++;
      onToken(bytes, line);
    });
  const tree = parseChunk(source, counted);
  if (onToken) chargeWork(tokens * CODE_STEPS_PER_TOKEN);
  return { proto: compileTree(tree), tree };
}

function compileTree(tree: A.Chunk): Proto {
  const res = resolve(tree);
  const fs = new FnState(res, null, { next: 0, compileFunction });
  return compileProto(
    fs,
    [{ type: 'VarargLiteral', value: '...', raw: '...', loc: tree.loc }],
    tree.body,
    null,
    tree.tokens,
  );
}

/**
 * `loadstring(text, name)` in the running script: the chunk as a function, or the syntax
 * error (positioned with the chunk's name, e.g. `[string "x ="]:1:`). Its lines are offset
 * so errors raised inside it name its chunk (see chunk-names.ts).
 */
export function loadChunk(source: string, name: string): LuaFunction | string {
  const chunkName = cString(name);
  const offset = S.rt.chunks.register(chunkName);
  let tree: A.Chunk;
  try {
    // its syntax levels count on from the C calls the running script is nested in
    tree = parseChunk(source, chargeToken, S.rt.cCalls);
  } catch (e) {
    if (e instanceof LuaError && typeof e.value === 'string') {
      return e.value.replace(/^user_script:/, () => `${chunkIdOf(chunkName, SYNTAX_ID_SIZE)}:`);
    }
    throw e;
  }
  shiftLines(tree, offset);
  const proto = compileTree(tree);
  return new LuaFunction('?', (args) => invoke(proto, [], args), proto, []);
}

/**
 * Steps a token of a loaded chunk costs: reading, parsing and compiling one takes the engine
 * longer than running dozens of statements, so a loop of `loadstring` over a long source meets
 * the budget (and the clock) by its tokens, not by its calls. Small enough that a script in the
 * stepper (10,000 steps) may still load a chunk of a hundred tokens.
 */
const LOAD_STEPS_PER_TOKEN = 64;

/** Charges a token of a chunk being loaded, and the bytes it spanned (a long string, a comment). */
function chargeToken(bytes: number): void {
  chargeWork(LOAD_STEPS_PER_TOKEN);
  chargeScan(bytes);
}

/**
 * Charges a token of a script's own code as its compile reads it, as {@link loadChunk} charges
 * a loaded chunk's: the compile is the first work of the script's run, so the same budget and
 * clock bound it. The run's line is the token's, so a stop names where the compile stood.
 */
export function chargeOwnToken(bytes: number, line: number): void {
  S.rt.line = line;
  chargeToken(bytes);
}

/**
 * Moves every node's lines by `offset`. Walked from a stack of nodes still to move, not by
 * recursion: a chain of thousands of operators or suffixes nests the tree as deep as it is long.
 */
function shiftLines(tree: A.Chunk, offset: number): void {
  const pending: unknown[] = [tree];
  while (pending.length > 0) {
    const node = pending.pop();
    if (!node || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (const n of node) pending.push(n);
      continue;
    }
    const o = node as Record<string, unknown>;
    const loc = o.loc as A.SourceLocation | undefined;
    if (loc) {
      o.loc = {
        start: { line: loc.start.line + offset, column: loc.start.column },
        end: { line: loc.end.line + offset, column: loc.end.column },
      };
    }
    for (const [k, v] of Object.entries(o)) if (k !== 'loc') pending.push(v);
  }
}

export { chunkIdOf } from './chunk-names.ts';
import { chunkIdOf } from './chunk-names.ts';
