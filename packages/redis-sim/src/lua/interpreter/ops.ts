/**
 * Lua 5.1's operations on values (lvm.c): arithmetic with string coercion,
 * concatenation, comparison, length, indexing, assignment and calls, each with
 * its metamethods and its error words. `name` is how the operand is named in
 * an error ("local 'count'"), decided at compile time as ldebug.c's getobjname
 * would; null when Lua gives no name (constants, call results).
 */
import { pow } from '../lib/c-pow.ts';
import { formatLuaNumber, parseLuaNumber } from '../number-text.ts';
import { LuaError, LuaFunction, LuaTable, luaType, type LuaValue } from '../values.ts';
import { fromBuiltin, runtimeError, typeError, type CallName } from './errors.ts';
import { enterCCall, leaveCCall, noteRaisedAt } from './c-calls.ts';
import { S, chargeScan } from './runtime.ts';

/** The metamethod `event` of a value, or undefined. */
export function metamethod(v: LuaValue, event: string): LuaValue {
  let mt: LuaTable | null = null;
  if (v instanceof LuaTable) mt = v.metatable;
  else if (typeof v === 'string') mt = S.rt.stringMeta;
  return mt ? mt.get(event) : undefined;
}

/** A number, or a string that reads as one (Lua's tonumber coercion); undefined otherwise. */
export function toNumber(v: LuaValue): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return parseLuaNumber(v);
  return undefined;
}

/** An arithmetic operator of Lua 5.1. */
export type ArithOp = '+' | '-' | '*' | '/' | '%' | '^';

const EVENTS: Record<ArithOp, string> = {
  '+': '__add',
  '-': '__sub',
  '*': '__mul',
  '/': '__div',
  '%': '__mod',
  '^': '__pow',
};

/** The raw arithmetic of two numbers. */
export function arithRaw(op: ArithOp, a: number, b: number): number {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return a / b;
    case '%':
      return a - Math.floor(a / b) * b;
    case '^':
      // luai_numpow is the C library's pow
      return pow(a, b);
  }
}

/** `a op b` when one side is not a number: coercion, then the metamethod, then the error. */
export function arith(
  line: number,
  op: ArithOp,
  a: LuaValue,
  b: LuaValue,
  nameA: string | null,
  nameB: string | null,
): LuaValue {
  const x = toNumber(a);
  const y = toNumber(b);
  if (x !== undefined && y !== undefined) return arithRaw(op, x, y);
  const event = EVENTS[op];
  const h = binaryHandler(a, b, event);
  if (h !== undefined) return first(callThroughC(line, h, [a, b]));
  // luaG_aritherror blames the first operand that does not read as a number
  if (x === undefined) throw typeError(line, 'perform arithmetic on', a, nameA);
  throw typeError(line, 'perform arithmetic on', b, nameB);
}

/** Unary minus. */
export function unm(line: number, a: LuaValue, name: string | null): LuaValue {
  const x = toNumber(a);
  if (x !== undefined) return -x;
  const h = metamethod(a, '__unm');
  if (h !== undefined) return first(callThroughC(line, h, [a, a]));
  throw typeError(line, 'perform arithmetic on', a, name);
}

function binaryHandler(a: LuaValue, b: LuaValue, event: string): LuaValue {
  const h = metamethod(a, event);
  return h !== undefined ? h : metamethod(b, event);
}

/** A number or string as text for `..` (numbers with %.14g). */
function concatText(v: LuaValue): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return formatLuaNumber(v);
  return undefined;
}

/** `a .. b` */
export function concat(
  line: number,
  a: LuaValue,
  b: LuaValue,
  nameA: string | null,
  nameB: string | null,
): LuaValue {
  const x = concatText(a);
  const y = concatText(b);
  if (x !== undefined && y !== undefined) return x + y;
  const h = binaryHandler(a, b, '__concat');
  if (h !== undefined) return first(callThroughC(line, h, [a, b]));
  // luaG_concaterror blames the first operand unless it is a string or number
  if (x === undefined) throw typeError(line, 'concatenate', a, nameA);
  throw typeError(line, 'concatenate', b, nameB);
}

/** `#v` (5.1: no `__len` for tables or strings). */
export function len(line: number, v: LuaValue, name: string | null): number {
  if (typeof v === 'string') return v.length;
  if (v instanceof LuaTable) return v.length();
  const h = metamethod(v, '__len');
  if (h !== undefined) return first(callThroughC(line, h, [v])) as number;
  throw typeError(line, 'get length of', v, name);
}

/** Raw equality plus `__eq` for two tables sharing the handler. */
export function equals(line: number, a: LuaValue, b: LuaValue): boolean {
  if (a === b) return true;
  if (!(a instanceof LuaTable) || !(b instanceof LuaTable)) return false;
  const h = compareHandler(a, b, '__eq');
  return h !== undefined && truthy(first(callThroughC(line, h, [a, b])));
}

/** get_compTM: the handler both operands agree on, or undefined. */
function compareHandler(a: LuaValue, b: LuaValue, event: string): LuaValue {
  const h1 = metamethod(a, event);
  if (h1 === undefined) return undefined;
  const h2 = metamethod(b, event);
  return h1 === h2 ? h1 : undefined;
}

function orderError(line: number, a: LuaValue, b: LuaValue): LuaError {
  const t1 = luaType(a);
  const t2 = luaType(b);
  return runtimeError(
    line,
    t1 === t2 ? `attempt to compare two ${t1} values` : `attempt to compare ${t1} with ${t2}`,
  );
}

/** Ordering two strings reads them to where they differ: a long shared prefix is work. */
function chargeOrder(a: string, b: string): void {
  chargeScan(Math.min(a.length, b.length));
}

/** `a < b` */
export function lessThan(line: number, a: LuaValue, b: LuaValue): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a < b;
  if (typeof a === 'string' && typeof b === 'string') {
    chargeOrder(a, b);
    return a < b;
  }
  if (luaType(a) === luaType(b)) {
    const h = compareHandler(a, b, '__lt');
    if (h !== undefined) return truthy(first(callThroughC(line, h, [a, b])));
  }
  throw orderError(line, a, b);
}

/** `a <= b` (`__le`, else `not (b < a)` through `__lt`, as 5.1 does). */
export function lessEqual(line: number, a: LuaValue, b: LuaValue): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a <= b;
  if (typeof a === 'string' && typeof b === 'string') {
    chargeOrder(a, b);
    return a <= b;
  }
  if (luaType(a) === luaType(b)) {
    const le = compareHandler(a, b, '__le');
    if (le !== undefined) return truthy(first(callThroughC(line, le, [a, b])));
    const lt = compareHandler(b, a, '__lt');
    if (lt !== undefined) return !truthy(first(callThroughC(line, lt, [b, a])));
  }
  throw orderError(line, a, b);
}

/** Lua truth: everything but nil and false. */
export function truthy(v: LuaValue): boolean {
  return v !== undefined && v !== false;
}

/** The first of a list of results (nil when there are none). */
export function first(vs: LuaValue[]): LuaValue {
  return vs[0];
}

/** `t[k]` with `__index` (strings index the string library). */
export function index(line: number, t: LuaValue, k: LuaValue, name: string | null): LuaValue {
  for (let loop = 0; loop < 100; loop++) {
    let h: LuaValue;
    if (t instanceof LuaTable) {
      const v = t.get(k);
      if (v !== undefined) return v;
      const mt = t.metatable;
      if (mt === null) return undefined;
      h = mt.get('__index');
      if (h === undefined) return undefined;
    } else {
      h = metamethod(t, '__index');
      if (h === undefined) throw typeError(line, 'index', t, name);
    }
    if (h instanceof LuaFunction) return first(callThroughC(line, h, [t, k]));
    t = h;
    name = null;
  }
  throw runtimeError(line, 'loop in gettable');
}

/** `t[k] = v` with the read-only check and `__newindex`. */
export function setIndex(
  line: number,
  t: LuaValue,
  k: LuaValue,
  v: LuaValue,
  name: string | null,
): void {
  for (let loop = 0; loop < 100; loop++) {
    let h: LuaValue;
    if (t instanceof LuaTable) {
      if (t.readonly) throw runtimeError(line, 'Attempt to modify a readonly table');
      const mt = t.metatable;
      if (mt === null || t.get(k) !== undefined || (h = mt.get('__newindex')) === undefined) {
        rawSet(line, t, k, v);
        return;
      }
    } else {
      h = metamethod(t, '__newindex');
      if (h === undefined) throw typeError(line, 'index', t, name);
    }
    if (h instanceof LuaFunction) {
      callThroughC(line, h, [t, k, v]);
      return;
    }
    t = h;
    name = null;
  }
  throw runtimeError(line, 'loop in settable');
}

/** A raw set whose nil/NaN-key error gets the position of `line`. */
export function rawSet(line: number, t: LuaTable, k: LuaValue, v: LuaValue): void {
  try {
    t.set(k, v);
  } catch (e) {
    if (e instanceof LuaError && typeof e.value === 'string') throw runtimeError(line, e.value);
    throw e;
  }
}

/**
 * Calls a value from `line`: a function, or a table with `__call`. `name`
 * names the callee in "attempt to call" and "bad argument" errors.
 */
export function callValue(
  line: number,
  f: LuaValue,
  args: LuaValue[],
  name: string | null,
  callee: CallName | null,
): LuaValue[] {
  if (!(f instanceof LuaFunction)) {
    const h = metamethod(f, '__call');
    if (h instanceof LuaFunction) return callValue(line, h, [f, ...args], name, null);
    throw typeError(line, 'call', f, name);
  }
  const rt = S.rt;
  rt.line = line;
  try {
    return f.call(args);
  } catch (e) {
    throw fromBuiltin(e, line, callee);
  }
}

/**
 * A call Lua makes through luaD_call rather than from a call site (a metamethod, a generic
 * `for`'s iterator, a builtin calling back into Lua): one nested C call more while it runs
 * (c-calls.ts).
 */
export function callThroughC(line: number, f: LuaValue, args: LuaValue[]): LuaValue[] {
  enterCCall(line);
  try {
    return callValue(line, f, args, null, null);
  } catch (e) {
    noteRaisedAt(e);
    throw e;
  } finally {
    leaveCCall();
  }
}

/** Lua 5.1's binary operators, as the parse tree names them (`and`/`or` are apart). */
export type BinaryOperator = ArithOp | '..' | '==' | '~=' | '<' | '<=' | '>' | '>=';

/**
 * A binary operator as a function of its two evaluated operands (left, then right), with
 * Lua 5.1's coercions, metamethods and error words: the one statement of what each operator
 * does. The closure compiler inlines number and identity fast paths for its hottest operators
 * and takes the rest from here; the coroutine form takes all of them from here.
 */
export function binaryOperation(
  operator: BinaryOperator,
  line: number,
  na: string | null,
  nb: string | null,
): (x: LuaValue, y: LuaValue) => LuaValue {
  switch (operator) {
    case '..':
      return (x, y) => concat(line, x, y, na, nb);
    case '==':
      return (x, y) => x === y || equals(line, x, y);
    case '~=':
      return (x, y) => x !== y && !equals(line, x, y);
    case '<':
      return (x, y) => lessThan(line, x, y);
    case '<=':
      return (x, y) => lessEqual(line, x, y);
    // 5.1 compiles a > b as b < a (so the error names the operands swapped)
    case '>':
      return (x, y) => lessThan(line, y, x);
    case '>=':
      return (x, y) => lessEqual(line, y, x);
    default:
      return (x, y) =>
        typeof x === 'number' && typeof y === 'number'
          ? arithRaw(operator, x, y)
          : arith(line, operator, x, y, na, nb);
  }
}
