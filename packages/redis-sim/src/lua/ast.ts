/**
 * The parse tree of a Lua 5.1 chunk: the contract between the parser
 * (`parser.ts`) and the interpreter.
 *
 * The node shapes are luaparse 0.3.1's (its `type` names and fields), restricted
 * to Lua 5.1: no `goto`, labels, `//`, bitwise operators or integer literals.
 * Three things are pinned down beyond luaparse's defaults:
 * - every node carries `loc` (1-based lines, 0-based columns), since runtime
 *   errors and the stepper name lines;
 * - a `StringLiteral`'s `value` is the literal's *byte string* (escapes
 *   decoded, one char per byte 0–255, see `values.ts`), and a
 *   `NumericLiteral`'s `value` is what Lua 5.1's `luaO_str2d` reads from `raw`;
 * - an expression written inside parentheses has `inParens: true` (Lua
 *   truncates `(f())` and `(...)` to one value; luaparse 0.3.1 does not record
 *   this, later luaparse does, with this name).
 */

/** A position: 1-based line, 0-based column (as luaparse's `locations`). */
export interface Position {
  line: number;
  column: number;
}

/** Where a node starts and ends in the source. */
export interface SourceLocation {
  start: Position;
  end: Position;
}

/** Fields every node has. */
export interface BaseNode {
  loc: SourceLocation;
}

/** The whole script: a function body with `...` available. */
export interface Chunk extends BaseNode {
  type: 'Chunk';
  body: Statement[];
  /** The tokens of its text. */
  tokens?: number;
}

/** Any statement of a chunk. */
export type Statement =
  | LocalStatement
  | AssignmentStatement
  | CallStatement
  | FunctionDeclaration
  | IfStatement
  | WhileStatement
  | RepeatStatement
  | DoStatement
  | ForNumericStatement
  | ForGenericStatement
  | ReturnStatement
  | BreakStatement;

/** Any expression. */
export type Expression =
  | Identifier
  | NilLiteral
  | BooleanLiteral
  | NumericLiteral
  | StringLiteral
  | VarargLiteral
  | FunctionDeclaration
  | TableConstructorExpression
  | BinaryExpression
  | LogicalExpression
  | UnaryExpression
  | MemberExpression
  | IndexExpression
  | CallExpression
  | TableCallExpression
  | StringCallExpression;

/** Fields every expression may have. */
export interface ExpressionBase extends BaseNode {
  /** Written as `( … )`: truncated to one value. */
  inParens?: boolean;
}

/** `local a, b = e1, e2` (`init` is empty for `local a`). */
export interface LocalStatement extends BaseNode {
  type: 'LocalStatement';
  variables: Identifier[];
  init: Expression[];
}

/** `a, t.x, t[k] = e1, e2, e3`. */
export interface AssignmentStatement extends BaseNode {
  type: 'AssignmentStatement';
  variables: (Identifier | MemberExpression | IndexExpression)[];
  init: Expression[];
}

/** A call used as a statement; its results are dropped. */
export interface CallStatement extends BaseNode {
  type: 'CallStatement';
  expression: CallExpression | TableCallExpression | StringCallExpression;
}

/**
 * `function f() end`, `local function f() end`, `function t.a:b() end` (a
 * statement: `identifier` set) or `function() end` (an expression:
 * `identifier` null). A trailing `VarargLiteral` in `parameters` means `...`.
 */
export interface FunctionDeclaration extends ExpressionBase {
  type: 'FunctionDeclaration';
  identifier: Identifier | MemberExpression | null;
  isLocal: boolean;
  parameters: (Identifier | VarargLiteral)[];
  body: Statement[];
  /** The tokens of its text, its nested functions' included. */
  tokens?: number;
}

/** `if … then … elseif … then … else … end`. */
export interface IfStatement extends BaseNode {
  type: 'IfStatement';
  clauses: (IfClause | ElseifClause | ElseClause)[];
}

/** The `if cond then …` clause of an `if` statement. */
export interface IfClause extends BaseNode {
  type: 'IfClause';
  condition: Expression;
  body: Statement[];
}

/** An `elseif cond then …` clause. */
export interface ElseifClause extends BaseNode {
  type: 'ElseifClause';
  condition: Expression;
  body: Statement[];
}

/** The `else …` clause. */
export interface ElseClause extends BaseNode {
  type: 'ElseClause';
  body: Statement[];
}

/** `while cond do … end`. */
export interface WhileStatement extends BaseNode {
  type: 'WhileStatement';
  condition: Expression;
  body: Statement[];
}

/** `repeat … until cond`: `cond` sees the body's locals. */
export interface RepeatStatement extends BaseNode {
  type: 'RepeatStatement';
  condition: Expression;
  body: Statement[];
}

/** `do … end`. */
export interface DoStatement extends BaseNode {
  type: 'DoStatement';
  body: Statement[];
}

/** `for v = start, end[, step] do … end`. */
export interface ForNumericStatement extends BaseNode {
  type: 'ForNumericStatement';
  variable: Identifier;
  start: Expression;
  end: Expression;
  step: Expression | null;
  body: Statement[];
}

/** `for k, v in explist do … end`. */
export interface ForGenericStatement extends BaseNode {
  type: 'ForGenericStatement';
  variables: Identifier[];
  iterators: Expression[];
  body: Statement[];
}

/** `return e1, e2, …`. */
export interface ReturnStatement extends BaseNode {
  type: 'ReturnStatement';
  arguments: Expression[];
}

/** `break`. */
export interface BreakStatement extends BaseNode {
  type: 'BreakStatement';
}

/** A name: a local, an upvalue or a global (the interpreter resolves which). */
export interface Identifier extends ExpressionBase {
  type: 'Identifier';
  name: string;
}

/** `nil`. */
export interface NilLiteral extends ExpressionBase {
  type: 'NilLiteral';
  value: null;
  raw: string;
}

/** `true` or `false`. */
export interface BooleanLiteral extends ExpressionBase {
  type: 'BooleanLiteral';
  value: boolean;
  raw: string;
}

/** A number literal; `value` is `luaO_str2d(raw)` (hex included). */
export interface NumericLiteral extends ExpressionBase {
  type: 'NumericLiteral';
  value: number;
  raw: string;
}

/** A string literal; `value` is its byte string, escapes decoded. */
export interface StringLiteral extends ExpressionBase {
  type: 'StringLiteral';
  value: string;
  raw: string;
}

/** `...` */
export interface VarargLiteral extends ExpressionBase {
  type: 'VarargLiteral';
  value: '...';
  raw: string;
}

/** `{ … }` */
export interface TableConstructorExpression extends ExpressionBase {
  type: 'TableConstructorExpression';
  fields: (TableKey | TableKeyString | TableValue)[];
}

/** `[k] = v` */
export interface TableKey extends BaseNode {
  type: 'TableKey';
  key: Expression;
  value: Expression;
}

/** `name = v` */
export interface TableKeyString extends BaseNode {
  type: 'TableKeyString';
  key: Identifier;
  value: Expression;
}

/** a positional `v` */
export interface TableValue extends BaseNode {
  type: 'TableValue';
  value: Expression;
}

/** The binary operators of Lua 5.1 other than `and`/`or`. */
export type BinaryOperator =
  '+' | '-' | '*' | '/' | '%' | '^' | '..' | '==' | '~=' | '<' | '<=' | '>' | '>=';

/** `a op b` for an arithmetic, concatenation or comparison operator. */
export interface BinaryExpression extends ExpressionBase {
  type: 'BinaryExpression';
  operator: BinaryOperator;
  left: Expression;
  right: Expression;
}

/** `and` / `or`: short-circuit. */
export interface LogicalExpression extends ExpressionBase {
  type: 'LogicalExpression';
  operator: 'and' | 'or';
  left: Expression;
  right: Expression;
}

/** `not a`, `-a` or `#a`. */
export interface UnaryExpression extends ExpressionBase {
  type: 'UnaryExpression';
  operator: 'not' | '-' | '#';
  argument: Expression;
}

/** `base.name` or, as a call's base, `base:name`. */
export interface MemberExpression extends ExpressionBase {
  type: 'MemberExpression';
  indexer: '.' | ':';
  identifier: Identifier;
  base: Expression;
}

/** `base[index]` */
export interface IndexExpression extends ExpressionBase {
  type: 'IndexExpression';
  base: Expression;
  index: Expression;
}

/** `f(a, b)` or `o:m(a, b)` (base a ':' MemberExpression). */
export interface CallExpression extends ExpressionBase {
  type: 'CallExpression';
  base: Expression;
  arguments: Expression[];
}

/** `f{ … }` */
export interface TableCallExpression extends ExpressionBase {
  type: 'TableCallExpression';
  base: Expression;
  arguments: TableConstructorExpression;
}

/** `f'…'` */
export interface StringCallExpression extends ExpressionBase {
  type: 'StringCallExpression';
  base: Expression;
  argument: StringLiteral;
}

/** Any node of the tree. */
export type Node =
  | Chunk
  | Statement
  | Expression
  | IfClause
  | ElseifClause
  | ElseClause
  | TableKey
  | TableKeyString
  | TableValue;
