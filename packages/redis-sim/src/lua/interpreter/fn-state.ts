/**
 * The compiler's view of the function being compiled: slot layout of its
 * locals, its upvalues, and the locals in scope at the current point.
 */
import type * as A from '../ast.ts';
import type { LuaFunction } from '../values.ts';
import type { Frame } from './frame.ts';
import type { LocalInfo } from './hook.ts';
import type { Decl, Resolution } from './scope.ts';

/**
 * What every function of one chunk shares while it is compiled: the numbering of `and`/`or`
 * chains, and the compiler of nested `function … end` bodies. Handing the latter down here,
 * rather than importing it, keeps expressions → statements → functions a one-way chain of
 * modules although the language nests them both ways.
 */
export interface CompileUnit {
  next: number;
  compileFunction: (outer: FnState, node: A.FunctionDeclaration) => (f: Frame) => LuaFunction;
}

/** Where a closure's upvalue comes from when the closure is created. */
export interface UpvalSource {
  /** True: a boxed local slot of the enclosing frame; false: an upvalue of the enclosing closure. */
  local: boolean;
  index: number;
}

/** The compiler's state for one function: its local slots, scopes and upvalues. */
export class FnState {
  nslots = 0;
  readonly slots = new Map<Decl, LocalInfo>();
  readonly upvals = new Map<Decl, number>();
  readonly upvalSources: UpvalSource[] = [];
  /** Locals in scope now, innermost last. */
  active: LocalInfo[] = [];
  /** Counter for `and`/`or` chain ids (shared by the whole chunk through the root). */
  constructor(
    readonly res: Resolution,
    readonly parent: FnState | null,
    readonly chains: CompileUnit,
  ) {}

  /** The function's zero constant, once one is stored (see {@link constant}). */
  private zero: number | undefined;

  /**
   * A number constant as the function's constant table gives it back: 0 and -0
   * are one key there, so every zero constant takes the sign of the first one
   * stored (`return -0 .. '', 1/0` gives '-0', '-inf' on a real server).
   */
  constant(n: number): number {
    if (n !== 0) return n;
    if (this.zero === undefined) this.zero = n;
    return this.zero;
  }

  /** Declares a local for a declaring node (or `self`) and brings it into scope. */
  declare(decl: Decl): LocalInfo {
    const info: LocalInfo = { name: decl.name, slot: this.nslots++, boxed: decl.captured };
    this.slots.set(decl, info);
    this.active.push(info);
    return info;
  }

  /** The declaration of a declaring Identifier. */
  declOf(id: A.Identifier): Decl {
    const d = this.res.decls.get(id);
    if (!d) throw new Error(`undeclared declaration ${id.name}`);
    return d;
  }

  /** The upvalue index of an outer declaration in this function, adding it on first use. */
  upvalIndex(decl: Decl): number {
    const known = this.upvals.get(decl);
    if (known !== undefined) return known;
    const parent = this.parent;
    if (!parent) throw new Error(`no enclosing function declares ${decl.name}`);
    const local = parent.slots.get(decl);
    const src: UpvalSource = local
      ? { local: true, index: local.slot }
      : { local: false, index: parent.upvalIndex(decl) };
    const i = this.upvalSources.length;
    this.upvalSources.push(src);
    this.upvals.set(decl, i);
    return i;
  }

  /** Runs `body` in a nested block: locals it declares go out of scope after it. */
  inBlock<T>(body: () => T): T {
    const depth = this.active.length;
    try {
      return body();
    } finally {
      this.active = this.active.slice(0, depth);
    }
  }
}

/** How a name resolves at a use site. */
export type NameRef =
  { kind: 'local'; info: LocalInfo } | { kind: 'upvalue'; index: number } | { kind: 'global' };

/** Resolves a using Identifier in the function being compiled. */
export function refOf(fs: FnState, id: A.Identifier): NameRef {
  const decl = fs.res.uses.get(id);
  if (!decl) return { kind: 'global' };
  const info = fs.slots.get(decl);
  if (info) return { kind: 'local', info };
  return { kind: 'upvalue', index: fs.upvalIndex(decl) };
}
