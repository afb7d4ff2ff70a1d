/**
 * The expression a script's `return` gave, as its author wrote it: a stepper narrates the
 * reply step as `return <expression>`, whatever the script returns.
 */
import { fromLuaString, toLuaString, type LuaAst as A } from '../lua/index.ts';

/** How many characters of a returned expression are kept; the listing shows the rest. */
export const RETURN_TEXT_SHOWN = 80;

/**
 * The text of `node`'s expressions in `source` (the script's text; the parser read its UTF-8
 * bytes, and its columns count bytes), on one line:
 * without the `return` keyword and a closing `;`, each line break with the indentation around it
 * (a table written over several lines) as one space, cut at {@link RETURN_TEXT_SHOWN} characters with `…`. Empty for
 * a bare `return`.
 */
export function returnedText(source: string, node: A.ReturnStatement): string {
  const bytes = toLuaString(source);
  const from = offsetOf(bytes, node.loc.start.line, node.loc.start.column);
  const to = offsetOf(bytes, node.loc.end.line, node.loc.end.column);
  const text = fromLuaString(bytes.slice(from, to))
    .replace(/^return\b/, '')
    .replace(/;\s*$/, '')
    .replace(/\s*[\r\n]\s*/g, ' ')
    .trim();
  const chars = Array.from(text);
  return chars.length > RETURN_TEXT_SHOWN
    ? `${chars.slice(0, RETURN_TEXT_SHOWN - 1).join('')}…`
    : text;
}

/**
 * The offset in `source` of a 1-based line's 0-based column, lines counted as the lexer counts
 * them: `\n`, `\r`, `\r\n` and `\n\r` each end one line.
 */
function offsetOf(source: string, line: number, column: number): number {
  let at = 0;
  for (let l = 1; l < line && at < source.length;) {
    const c = source.charCodeAt(at++);
    if (c !== 10 && c !== 13) continue;
    const next = source.charCodeAt(at);
    if ((next === 10 || next === 13) && next !== c) at++;
    l++;
  }
  return at + column;
}
