/**
 * A stand-in parser until `parser.ts` (the `lua-parse` branch) lands:
 * luaparse 0.3.1 in Lua 5.1 mode, adapted to `ast.ts` (numbers re-read with
 * luaO_str2d, `inParens` recovered from the source text, errors in Lua's
 * `user_script:N:` form). Its error words differ from Lua 5.1's in places.
 */
import luaparse from 'luaparse';
import type { Chunk } from './ast.ts';
import { parseLuaNumber } from './number-text.ts';
import { LuaError } from './values.ts';

interface RawNode {
  type: string;
  range: [number, number];
  [field: string]: unknown;
}

/** Parses a chunk (a byte string) or throws a LuaError with Lua's syntax-error text. */
export function parseChunk(source: string): Chunk {
  let tree: RawNode;
  try {
    tree = luaparse.parse(source, {
      luaVersion: '5.1',
      locations: true,
      ranges: true,
      comments: false,
      encodingMode: 'pseudo-latin1',
    }) as unknown as RawNode;
  } catch (e) {
    const m = /^\[(\d+):\d+\] (.*)$/s.exec((e as Error).message);
    if (!m) throw e;
    const text = m[2]!.replace(/^<expression> expected/, 'unexpected symbol');
    throw new LuaError(`user_script:${m[1]}: ${text}`);
  }
  fix(tree, source);
  return tree as unknown as Chunk;
}

/** Numbers as Lua reads them; `inParens` on calls and varargs written in parentheses. */
function fix(node: RawNode, source: string): void {
  if (node.type === 'NumericLiteral') node.value = parseLuaNumber(String(node.raw)) ?? 0;
  if (node.type === 'CallExpression' && Array.isArray(node.arguments)) {
    const open = source.indexOf('(', (node.base as RawNode).range[1]);
    markParens(node.arguments as RawNode[], open + 1, source);
  } else if (node.type === 'ReturnStatement') {
    markParens(node.arguments as RawNode[], node.range[0] + 6, source);
  } else if (node.type === 'LocalStatement' || node.type === 'AssignmentStatement') {
    const vars = node.variables as RawNode[];
    markParens(node.init as RawNode[], vars[vars.length - 1]!.range[1], source);
  } else if (node.type === 'TableConstructorExpression') {
    for (const f of node.fields as RawNode[]) {
      if (f.type !== 'TableValue') continue;
      const v = f.value as RawNode;
      if (source[v.range[0] - 1] === '(' || /\(\s*$/.test(gap(source, f.range[0], v.range[0]))) {
        v.inParens = true;
      }
    }
  } else if (node.type === 'ForGenericStatement') {
    const vars = node.variables as RawNode[];
    markParens(node.iterators as RawNode[], vars[vars.length - 1]!.range[1], source);
  }
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const v of value)
        if (v && typeof v === 'object' && 'type' in v) fix(v as RawNode, source);
    } else if (value && typeof value === 'object' && 'type' in value) {
      fix(value as RawNode, source);
    }
  }
}

/** The text between two offsets with comments dropped. */
function gap(source: string, from: number, to: number): string {
  return source.slice(from, to).replace(/--[^\n]*/g, '');
}

/** Marks each expression of a list whose gap before it holds an opening parenthesis. */
function markParens(list: RawNode[], from: number, source: string): void {
  let at = from;
  for (const e of list) {
    if (/\(\s*$/.test(gap(source, at, e.range[0]))) e.inParens = true;
    at = e.range[1];
  }
}
