/**
 * The values of the Lua 5.1 engine, shared by the interpreter and the
 * libraries. Kept small on purpose: every other module of the engine depends on
 * this one and it depends only on the table arithmetic of `table-hash.ts` (and the
 * work meter, through which a long key's hashing is charged).
 *
 * Representation:
 * - nil is `undefined`, booleans and numbers (always doubles, as in Lua 5.1)
 *   are the JS primitives;
 * - a Lua string is a JS string holding one byte per character (codes 0–255),
 *   so `#s`, `string.byte` and patterns see bytes as a real server does;
 *   {@link toLuaString} and {@link fromLuaString} convert at the edge where
 *   the simulator's Unicode text meets the engine;
 * - tables are {@link LuaTable}, functions {@link LuaFunction}.
 */
import { byteStringOfText, isAscii, textOfByteString } from '../byte-text.ts';
import {
  arrayIndex,
  ceilLog2,
  fb2int,
  int2fb,
  MAXASIZE,
  MAXBITS,
  numberHash,
  stringHash,
} from './table-hash.ts';
import { workMeter } from './work-meter.ts';

/** Any Lua value. `undefined` is nil. */
export type LuaValue =
  undefined | boolean | number | string | LuaTable | LuaFunction | LuaUserdata | LuaThread;

/**
 * A coroutine (`type()` says "thread"). Only its identity lives here; how it
 * runs and suspends is interpreter/coroutine.ts's business.
 */
export abstract class LuaThread {}

/**
 * A light userdata: a bare C pointer. The only one a Redis script meets is
 * `cjson.null` (the NULL pointer, also what `cjson.decode` gives for JSON
 * null), so every NULL is the one {@link LUA_NULL} and raw equality is `===`.
 * `type()` says "userdata" and `tostring` prints "userdata: (nil)".
 */
export class LuaUserdata {
  constructor(
    /** The pointer: the hash of the value as a table key. */
    readonly address: number,
  ) {}
}

/** The NULL light userdata (`cjson.null`). */
export const LUA_NULL = new LuaUserdata(0);

/**
 * A function callable from Lua: a library builtin or a compiled Lua closure.
 * `call` takes the arguments and answers the results (a builtin may answer
 * any number of values, as a Lua function may).
 */
export class LuaFunction {
  constructor(
    /** The name Lua 5.1 shows in messages, e.g. `tonumber` ('?' when unknown). */
    readonly name: string,
    readonly call: (args: LuaValue[]) => LuaValue[],
    /**
     * A compiled Lua closure's prototype and upvalues (null for a builtin): what
     * a coroutine needs to run the same closure in its suspendable form.
     */
    readonly proto: object | null = null,
    readonly up: readonly object[] | null = null,
  ) {}
}

/**
 * A value raised by `error` or by the runtime. `value` is what `pcall`
 * answers as its second result; for runtime errors it is the message string
 * with its `user_script:N: ` position already in front.
 */
export class LuaError extends Error {
  /**
   * The line Redis's error handler reports for this error ("on @user_script:N."): the current
   * line of the innermost Lua function when it was raised (-1 when a C function called by a C
   * function raised it), noted as it first leaves a C function's call of Lua (host.ts), since
   * the line the run is at afterwards is the caller's again. Unset until then.
   */
  at?: number;
  /**
   * Lua's count of nested C calls where it was raised (interpreter/c-calls.ts), noted as it
   * leaves the innermost C call: xpcall's handler runs one above it. Unset until then.
   */
  cCalls?: number;
  /**
   * Set when Lua code raised it itself (luaG_runerror in a Lua function: an operator, an index,
   * a call, a `for`), not a builtin: what a failing call of the error handler is positioned by.
   */
  inLua?: boolean;
  constructor(
    readonly value: LuaValue,
    /** Lua 5.1 level: 0 when the message already carries (or wants no) position. */
    readonly traceback?: string,
  ) {
    super(typeof value === 'string' ? value : 'error object is not a string');
  }
}

/**
 * Thrown by a builtin (or a table operation) for a runtime error whose message
 * has no position yet, e.g. "invalid value (at index 1) in table for 'concat'".
 * The interpreter puts `user_script:N: ` in front, N being the line of the
 * call or operation in the running script, as luaL_error's level 1 does, and
 * raises it as a {@link LuaError}.
 */
export class LuaRuntimeError extends Error {}

/**
 * Thrown by a builtin for a bad argument. The interpreter words it as Lua 5.1
 * does from the call site: "bad argument #2 to 'sub' (number expected, got
 * nil)", with the name the caller used ('?' when it has none) and, for a
 * method call, the argument number shifted ("calling 'x' on bad self" for the
 * receiver); then it adds the position as for {@link LuaRuntimeError}.
 */
export class LuaArgError extends Error {
  constructor(
    /** 1-based argument number as the builtin sees its arguments. */
    readonly arg: number,
    /** The text inside the parentheses, e.g. "number expected, got no value". */
    readonly detail: string,
  ) {
    super(`bad argument #${arg} (${detail})`);
  }
}

/**
 * What a library needs from the interpreter, handed to each library when the
 * environment is built (so libraries never import the interpreter, and can be
 * unit-tested with a small stand-in). Every method behaves exactly as the
 * matching Lua 5.1 operation, metamethods and error wording included, and
 * raises {@link LuaError} / {@link LuaRuntimeError} as the operation would.
 */
export interface LuaHost {
  /** `a < b` (numbers, strings byte-wise, else `__lt`; "attempt to compare …" otherwise). */
  lessThan(a: LuaValue, b: LuaValue): boolean;
  /** `a == b` (raw equality, then `__eq` for two tables). */
  equals(a: LuaValue, b: LuaValue): boolean;
  /** Lua's `tostring(v)`, honouring `__tostring`. */
  tostring(v: LuaValue): string;
  /** Calls a value (a function, or a table with `__call`) and answers all its results. */
  call(f: LuaValue, args: LuaValue[]): LuaValue[];
  /** `t[k]` with `__index`. */
  index(t: LuaValue, k: LuaValue): LuaValue;
  /** `t[k] = v` with `__newindex` and the read-only check. */
  setIndex(t: LuaValue, k: LuaValue, v: LuaValue): void;
}

/** The fake "address" tables and functions hash by (see {@link LuaTable}). */
let nextAddress = 1;
const functionAddresses = new WeakMap<LuaFunction | LuaThread, number>();

function addressOf(v: LuaTable | LuaFunction | LuaUserdata | LuaThread): number {
  if (v instanceof LuaTable || v instanceof LuaUserdata) return v.address;
  let a = functionAddresses.get(v);
  if (a === undefined) {
    a = nextAddress++;
    functionAddresses.set(v, a);
  }
  return a;
}

/**
 * A Lua table, stored as Lua 5.1's ltable.c stores it (Redis 7.0.15's bundled
 * copy), so that everything a script can observe of the layout matches a real
 * server: the order `next`/`pairs` visit keys in, and which border `#` finds
 * in a table with holes.
 *
 * - An array part (`sizearray` slots for keys 1..n, any size) and a node part
 *   of 2^k nodes, each node a key, a value and the index of the next node in
 *   its collision chain. An empty node part is the shared "dummy node".
 * - A key's main position comes from its hash: strings by `luaS_hash` (Redis's
 *   all-bytes variant), numbers by summing the double's two 32-bit words
 *   (mod an odd divisor), booleans as 0/1, tables and functions by address
 *   (NULL, i.e. `cjson.null`, by address 0, exactly as on a server).
 *   Those addresses cannot match a real server's C pointers, so keys that are
 *   tables or functions iterate in an order of their own here (a counter
 *   stands in for the pointer); every other kind of key matches exactly.
 * - Collisions are resolved as ltable.c does (Brent's variation, a descending
 *   `lastfree` cursor); a full node part triggers `rehash`, which recounts the
 *   integer keys (`numusearray`/`numusehash`/`computesizes`) and rebuilds both
 *   parts.
 * - Setting a key to nil leaves it in its node with a nil value (a dead key):
 *   `next` can still continue from it, and the node is reused only by a key
 *   whose main position it is, or dropped at the next rehash. Assigning nil to
 *   an absent key creates such a node too, as `luaH_set` does.
 *
 * One difference cannot be emulated: Lua's garbage collector marks dead string
 * keys (so a later `luaH_get` no longer finds them) at times that depend on
 * the server's allocations. A string key deleted and set again after a GC step
 * may land in another node on a real server; here it always reuses its node.
 */
/** What a watched table tells of its writes (see {@link LuaTable.watcher}). */
export interface TableWatcher {
  wrote(table: LuaTable, key: LuaValue, value: LuaValue): void;
}

/** A Lua table, stored as `ltable.c` stores it (array part and hash part), so `pairs` order and `#` match. */
export class LuaTable {
  /** The metatable (`setmetatable`), or null. */
  metatable: LuaTable | null = null;
  /** Redis 7.0 marks some tables read-only: writing one raises "Attempt to modify a readonly table". */
  readonly = false;
  /** Stands in for the table's C pointer when the table itself is a key. */
  readonly address = nextAddress++;
  /**
   * Told of every raw write after it is stored: only a stepper's run sets it, on the tables
   * its locals show, so a trace can keep each write once instead of copying a table per step.
   */
  watcher: TableWatcher | null = null;

  /** The array part: slot i holds key i+1. Its length is `sizearray`. */
  private array: LuaValue[] = [];
  private sizearray = 0;
  /** The node part: keys (undefined = free node), values (undefined = empty or dead), chains. */
  private keys: LuaValue[] = [undefined];
  private vals: LuaValue[] = [undefined];
  private chain: Int32Array = DUMMY_CHAIN;
  private dummy = true;
  /** ltable.c's `lastfree`: free nodes are searched for below it. */
  private lastfree = 0;
  /**
   * What {@link length} last answered, or -1 once a write may have changed it: a loop testing
   * `i < #ARGV` would otherwise repeat the same border search on every pass.
   */
  private border = -1;

  /**
   * `luaH_new(narray, nhash)`: an empty table whose array part has `narray`
   * slots and whose node part has room for `nhash` keys (rounded up to a power
   * of two). For a table constructor use {@link LuaTable.forConstructor}.
   */
  static withSizes(narray: number, nhash: number): LuaTable {
    const t = new LuaTable();
    if (narray > 0) t.setArrayVector(narray);
    if (nhash > 0) t.setNodeVector(nhash);
    return t;
  }

  /**
   * The table that storing `convert(items[from])`, `convert(items[from + 1])`, … at 1, 2, …, n one by one
   * into an empty table leaves (as Redis builds KEYS and ARGV with `lua_rawseti`), built at once.
   * Each such store that misses the array part rehashes, and a rehash of the keys 1..m picks an
   * array of the next power of two at or above m with no node part (more than half of it is in
   * use), so the table ends as an array of `2^ceil(log2 n)` slots holding 1..n and an empty node
   * part. Converted values must not be nil (a nil would leave a hole that changes what a rehash
   * counts).
   */
  static fromSequence<T>(
    items: readonly T[],
    convert: (item: T) => LuaValue,
    /** where in `items` the sequence starts (ARGV is the tail of EVAL's arguments) */
    from = 0,
  ): LuaTable {
    const n = items.length - from;
    const t = new LuaTable();
    if (n <= 0) return t;
    // one pass into an array allocated at its final size: this runs once per script on ARGV,
    // whose hundreds of thousands of slots a map, a copy and a grown length each walked again
    const size = 2 ** ceilLog2(n);
    const array = new Array<LuaValue>(size);
    for (let i = 0; i < n; i++) array[i] = convert(items[from + i]!);
    for (let i = n; i < size; i++) array[i] = undefined;
    t.array = array;
    t.sizearray = size;
    return t;
  }

  /**
   * The table a constructor `{...}` starts from (OP_NEWTABLE). `listItems` is
   * the number of positional fields, not counting a last field that is a call
   * or `...` (it may expand to any number of values); `recordItems` the number
   * of `k = v` and `[k] = v` fields. Both go through the 9-bit "floating point
   * byte" of the opcode, so e.g. 17 items preallocate 18 slots.
   *
   * How the interpreter must then fill it, as Lua 5.1's code does: fields in
   * source order; a keyed field is stored with {@link set} as soon as it is
   * evaluated; positional values are buffered and stored with {@link setList}
   * in blocks of 50 (a block is flushed when the next field begins after its
   * 50th value, and the last block at the closing brace, where a final call
   * or `...` contributes all its values).
   */
  static forConstructor(listItems: number, recordItems: number): LuaTable {
    return LuaTable.withSizes(fb2int(int2fb(listItems)), fb2int(int2fb(recordItems)));
  }

  /**
   * OP_SETLIST: stores `values` at keys `first`, `first+1`, …, first growing
   * the array part to exactly the last key if it is shorter (so nil values
   * take array slots too), then writing from the last key down.
   */
  setList(first: number, values: LuaValue[]): void {
    const last = first + values.length - 1;
    if (last > this.sizearray) this.resizeArray(last);
    for (let i = values.length - 1; i >= 0; i--) this.set(first + i, values[i]);
  }

  /** `luaH_resizearray`: sets the array part to `n` slots, keeping the node part's size. */
  resizeArray(n: number): void {
    this.resize(n, this.dummy ? 0 : this.keys.length);
  }

  /** The sizes of the two parts (what `rehash` chose), for tests and for showing the layout. */
  sizes(): { array: number; nodes: number } {
    return { array: this.sizearray, nodes: this.dummy ? 0 : this.keys.length };
  }

  /** Raw get (no metamethods): `luaH_get`. */
  get(key: LuaValue): LuaValue {
    if (typeof key === 'number') {
      const k = key | 0;
      if (k === key) {
        if (k >= 1 && k <= this.sizearray) return this.array[k - 1];
      } else if (Number.isNaN(key)) return undefined;
    } else if (key === undefined) return undefined;
    const n = this.findNode(key);
    return n < 0 ? undefined : this.vals[n];
  }

  /**
   * Raw get of a string key with its `luaS_hash` given: what {@link get} answers for `key`,
   * for a key the compiler hashed once (a global's name, a field name after a dot) rather
   * than on every lookup.
   */
  getStr(key: string, hash: number): LuaValue {
    let n = hash & (this.keys.length - 1);
    do {
      if (this.keys[n] === key) return this.vals[n];
      n = this.chain[n] as number;
    } while (n >= 0);
    return undefined;
  }

  /**
   * Raw set (no metamethods, no read-only check): `luaH_set`, then the store.
   * An absent key gets a node even when `value` is nil, and a full node part
   * is rehashed first. Throws a LuaError for a nil or NaN key with Lua 5.1's
   * words; the caller adds the position.
   */
  set(key: LuaValue, value: LuaValue): void {
    this.store(key, value);
    if (this.watcher !== null) this.watcher.wrote(this, key, value);
  }

  private store(key: LuaValue, value: LuaValue): void {
    this.border = -1;
    if (typeof key === 'number') {
      const k = key | 0;
      if (k === key && k >= 1 && k <= this.sizearray) {
        this.array[k - 1] = value;
        return;
      }
    }
    let n = key === undefined ? -1 : this.findNode(key);
    if (n < 0) {
      if (key === undefined) throw new LuaError('table index is nil');
      if (typeof key === 'number' && Number.isNaN(key)) throw new LuaError('table index is NaN');
      n = this.newKey(key);
      if (n < 0) {
        // the key landed in the array part of the rehashed table
        this.array[-n - 1] = value;
        return;
      }
    }
    this.vals[n] = value;
  }

  /** The `#` operator: `luaH_getn`'s border search (binary in the array part, else `unbound_search`). */
  length(): number {
    if (this.border < 0) this.border = this.findBorder();
    return this.border;
  }

  /** `luaH_getn` itself, for {@link length} to keep until the next write. */
  private findBorder(): number {
    let j = this.sizearray;
    if (j > 0 && this.array[j - 1] === undefined) {
      let i = 0;
      while (j - i > 1) {
        const m = Math.floor((i + j) / 2);
        if (this.array[m - 1] === undefined) j = m;
        else i = m;
      }
      return i;
    }
    if (this.dummy) return j;
    return this.unboundSearch(j);
  }

  /**
   * `next(t, key)`: the entry after `key` (the first for nil), or undefined at
   * the end: the array part in index order, then the nodes in node order.
   * Throws "invalid key to 'next'" for a key not in the table (a dead key is
   * still in it until the next rehash).
   */
  next(key: LuaValue): [LuaValue, LuaValue] | undefined {
    let i = this.findIndex(key);
    for (i++; i < this.sizearray; i++) {
      const v = this.array[i];
      if (v !== undefined) return [i + 1, v];
    }
    const size = this.keys.length;
    for (i -= this.sizearray; i < size; i++) {
      const v = this.vals[i];
      if (v !== undefined) return [this.keys[i], v];
    }
    return undefined;
  }

  /** The node index of the key's main position. */
  private mainPosition(key: LuaValue): number {
    const size = this.keys.length;
    switch (typeof key) {
      case 'string':
        // Lua hashes a string once, as it is made; this hashes it on every access, so a long
        // key pays for it each time (a loop of `t[s]` on a megabyte is work, not one step)
        workMeter.scan(key.length);
        return stringHash(key) & (size - 1);
      case 'number':
        // 0 and -0 both go to node 0, as ltable.c avoids hashing -0's bytes
        if (key === 0) return 0;
        return numberHash(key) % ((size - 1) | 1);
      case 'boolean':
        return (key ? 1 : 0) & (size - 1);
      default:
        return (
          addressOf(key as LuaTable | LuaFunction | LuaUserdata | LuaThread) % ((size - 1) | 1)
        );
    }
  }

  /** The node holding `key` (live or dead), or -1. `===` is Lua's raw equality for our values. */
  private findNode(key: LuaValue): number {
    let n = this.mainPosition(key);
    do {
      if (this.keys[n] === key) return n;
      n = this.chain[n] as number;
    } while (n >= 0);
    return -1;
  }

  /** `findindex`: where a traversal stands (-1 before the start; nodes after the array slots). */
  private findIndex(key: LuaValue): number {
    if (key === undefined) return -1;
    const i = arrayIndex(key);
    if (i > 0 && i <= this.sizearray) return i - 1;
    const n = this.findNode(key);
    if (n < 0) throw new LuaError("invalid key to 'next'");
    return n + this.sizearray;
  }

  /** `luaH_getnum` for an integer key. */
  private getInt(k: number): LuaValue {
    if (k >= 1 && k <= this.sizearray) return this.array[k - 1];
    const n = this.findNode(k);
    return n < 0 ? undefined : this.vals[n];
  }

  /** `unbound_search`: doubles j past a present index, then bisects. */
  private unboundSearch(start: number): number {
    let i = start;
    let j = start + 1;
    while (this.getInt(j) !== undefined) {
      i = j;
      j *= 2;
      if (j > 0x7fffffff) {
        // built with bad purposes: Lua falls back to a linear scan
        i = 1;
        while (this.getInt(i) !== undefined) i++;
        return i - 1;
      }
    }
    while (j - i > 1) {
      const m = Math.floor((i + j) / 2);
      if (this.getInt(m) === undefined) j = m;
      else i = m;
    }
    return i;
  }

  /**
   * `newkey`: places an absent key and answers its node index, or, when the
   * node part was full and the rehashed table keeps the key in its array part,
   * `-(key)`.
   */
  private newKey(key: LuaValue): number {
    let mp = this.mainPosition(key);
    if (this.vals[mp] !== undefined || this.dummy) {
      const free = this.getFreePos();
      if (free < 0) {
        this.rehash(key);
        const k = arrayIndex(key);
        if (k >= 1 && k <= this.sizearray) return -k;
        const n = this.findNode(key);
        return n >= 0 ? n : this.newKey(key);
      }
      const chain = this.chain;
      let other = this.mainPosition(this.keys[mp]);
      if (other !== mp) {
        // the colliding key is out of its main position: move it to the free node
        while (chain[other] !== mp) other = chain[other] as number;
        chain[other] = free;
        this.keys[free] = this.keys[mp];
        this.vals[free] = this.vals[mp];
        chain[free] = chain[mp] as number;
        chain[mp] = -1;
        this.vals[mp] = undefined;
      } else {
        // the colliding key owns this position: the new key takes the free node
        chain[free] = chain[mp] as number;
        chain[mp] = free;
        mp = free;
      }
    }
    this.keys[mp] = key;
    return mp;
  }

  /** `getfreepos`: the next node below `lastfree` whose key is nil, or -1. */
  private getFreePos(): number {
    while (this.lastfree > 0) {
      this.lastfree--;
      if (this.keys[this.lastfree] === undefined) return this.lastfree;
    }
    return -1;
  }

  /** `rehash`: recount the integer keys (plus the one being added) and resize both parts. */
  private rehash(extraKey: LuaValue): void {
    const nums = new Array<number>(MAXBITS + 1).fill(0);
    let nasize = this.numUseArray(nums);
    let totaluse = nasize;
    const size = this.keys.length;
    for (let i = size - 1; i >= 0; i--) {
      if (this.vals[i] !== undefined) {
        nasize += countInt(this.keys[i], nums);
        totaluse++;
      }
    }
    nasize += countInt(extraKey, nums);
    totaluse++;
    const { size: na, inArray } = computeSizes(nums, nasize);
    this.resize(na, totaluse - inArray);
  }

  /** `numusearray`: counts the array part's non-nil slots per slice (2^(lg-1), 2^lg]. */
  private numUseArray(nums: number[]): number {
    let ause = 0;
    let i = 1;
    for (let lg = 0, ttlg = 1; lg <= MAXBITS; lg++, ttlg *= 2) {
      let lc = 0;
      let lim = ttlg;
      if (lim > this.sizearray) {
        lim = this.sizearray;
        if (i > lim) break;
      }
      for (; i <= lim; i++) if (this.array[i - 1] !== undefined) lc++;
      nums[lg] = (nums[lg] as number) + lc;
      ause += lc;
    }
    return ause;
  }

  private setArrayVector(size: number): void {
    // the array is always sizearray long; grown and nil-filled by the builtins, not a loop
    const old = this.sizearray;
    this.array.length = size;
    this.array.fill(undefined, old);
    this.sizearray = size;
  }

  private setNodeVector(size: number): void {
    if (size === 0) {
      this.keys = [undefined];
      this.vals = [undefined];
      this.chain = DUMMY_CHAIN;
      this.dummy = true;
      this.lastfree = 0;
      return;
    }
    const lsize = ceilLog2(size);
    if (lsize > MAXBITS) throw new LuaRuntimeError('table overflow');
    const n = 2 ** lsize;
    this.keys = new Array<LuaValue>(n).fill(undefined);
    this.vals = new Array<LuaValue>(n).fill(undefined);
    this.chain = new Int32Array(n).fill(-1);
    this.dummy = false;
    this.lastfree = n;
  }

  /** `resize`: grow the array, build a new node part, move the vanishing array slice and old nodes in. */
  private resize(nasize: number, nhsize: number): void {
    this.border = -1;
    const oldasize = this.sizearray;
    const oldKeys = this.keys;
    const oldVals = this.vals;
    if (nasize > oldasize) this.setArrayVector(nasize);
    this.setNodeVector(nhsize);
    if (nasize < oldasize) {
      this.sizearray = nasize;
      for (let i = nasize; i < oldasize; i++) {
        const v = this.array[i];
        if (v !== undefined) this.store(i + 1, v);
      }
      this.array.length = nasize;
    }
    for (let i = oldKeys.length - 1; i >= 0; i--) {
      const v = oldVals[i];
      if (v !== undefined) this.store(oldKeys[i], v);
    }
  }
}

/** The dummy node's chain: no next node. Never written (a dummy node is never a free position). */
const DUMMY_CHAIN = new Int32Array([-1]);

/** `countint`: counts a key in its slice when it could live in the array part. */
function countInt(key: LuaValue, nums: number[]): number {
  const k = arrayIndex(key);
  if (k > 0 && k <= MAXASIZE) {
    const lg = ceilLog2(k);
    nums[lg] = (nums[lg] as number) + 1;
    return 1;
  }
  return 0;
}

/**
 * `computesizes`: the largest power of two n such that more than half of
 * 1..n are in use, and how many keys that puts in the array part.
 */
function computeSizes(nums: number[], narray: number): { size: number; inArray: number } {
  let a = 0;
  let na = 0;
  let n = 0;
  for (let i = 0, twotoi = 1; Math.floor(twotoi / 2) < narray; i++, twotoi *= 2) {
    const c = nums[i] as number;
    if (c > 0) {
      a += c;
      if (a > twotoi / 2) {
        n = twotoi;
        na = a;
      }
    }
    if (a === narray) break;
  }
  return { size: n, inArray: na };
}

/**
 * The simulator's text as a Lua byte string (one char per byte): its UTF-8, with each escaped
 * byte (byte-text.ts) back as the byte it stands for.
 */
export function toLuaString(text: string): string {
  // ASCII, by far the common case, comes back as itself at once
  return byteStringOfText(text);
}

/**
 * A Lua byte string back as the simulator's text: UTF-8 decoded, and every byte that is not
 * UTF-8 kept as its escape, so no byte a script made is lost on its way to the keyspace.
 */
export function fromLuaString(bytes: string): string {
  // a script's reply may name one long string thousands of times (a table of its references):
  // the last long one found to be ASCII is known to be at once, not scanned again each time
  if (bytes === lastAscii) return bytes;
  if (isAscii(bytes)) {
    if (bytes.length >= LONG_STRING && runsOpen > 0) lastAscii = bytes;
    return bytes;
  }
  // a script hands the same non-ASCII string to several commands in a row (an id to ZSCORE,
  // then to ZADD), and each call would decode it again; the answer depends on the bytes alone
  if (bytes === lastBytes) return lastText;
  const text = textOfByteString(bytes);
  if (runsOpen > 0) {
    lastBytes = bytes;
    lastText = text;
  }
  return text;
}

// the last non-ASCII string fromLuaString decoded, and its text
let lastBytes = '';
let lastText = '';
// the last long string fromLuaString found to be ASCII, and how long a string is to be kept so
let lastAscii = '';
const LONG_STRING = 4096;
/**
 * The script runs under way (a run's conversions are its own; nested only if a run's own tools
 * start one): the strings above are remembered only while one is, and let go when the last
 * ends, so a big string a script made and dropped is not kept alive by the memo once it is over.
 */
let runsOpen = 0;

/**
 * Marks a script run's start, from which {@link fromLuaString} may remember what it converts.
 * Paired with {@link endConversions} in a `finally`.
 */
export function beginConversions(): void {
  runsOpen++;
}

/** Marks a script run's end: once no run is under way, the strings remembered are let go. */
export function endConversions(): void {
  runsOpen--;
  if (runsOpen > 0) return;
  lastAscii = '';
  lastBytes = '';
  lastText = '';
}

/** Lua's `type()` name of a value. */
export function luaType(
  v: LuaValue,
): 'nil' | 'boolean' | 'number' | 'string' | 'table' | 'function' | 'userdata' | 'thread' {
  if (v === undefined) return 'nil';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'string') return 'string';
  if (v instanceof LuaTable) return 'table';
  if (v instanceof LuaUserdata) return 'userdata';
  if (v instanceof LuaThread) return 'thread';
  return 'function';
}
