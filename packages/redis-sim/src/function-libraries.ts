/**
 * The server's function libraries (functions.c's functionsLibCtx): libraries by name, exactly
 * as written, and their functions by name in any case, as FCALL finds them. They belong to the
 * server, not to a database: FLUSHALL keeps them, FUNCTION FLUSH empties them. A function's
 * callable is the engine's own value, opaque here, so the core knows nothing of Lua.
 */

/** functionsVerifyName: a library's or a function's name is letters, digits and underscores, at least one. */
export const validFunctionName = (name: string): boolean => /^[a-zA-Z0-9_]+$/.test(name);

/** What a bad name is refused with (functionLibCreateFunction words a function's as a library's). */
export const BAD_FUNCTION_NAME =
  'Library names can only contain letters, numbers, or underscores(_) and must be at least one character long';

/** One registered function. */
export interface LibraryFunction {
  name: string;
  /** its description, or null when it gave none */
  description: string | null;
  /** its flags (`no-writes`, `allow-oom`, …), in Redis's order */
  flags: readonly string[];
  /** what the engine calls: opaque to the core */
  callable: unknown;
  /** the library it belongs to */
  library: string;
}

/** One library: its name, engine, whole code (shebang included) and functions in order. */
export interface FunctionLibrary {
  name: string;
  engine: 'LUA';
  code: string;
  functions: readonly LibraryFunction[];
}

/** Every library of one server, and every function of them by lowercase name. */
export class FunctionLibraries {
  private readonly libraries = new Map<string, FunctionLibrary>();
  private readonly functions = new Map<string, LibraryFunction>();

  /** The library named exactly `name`. */
  library(name: string): FunctionLibrary | undefined {
    return this.libraries.get(name);
  }

  /** The function named `name`, in any case (functionDictType compares without case). */
  function(name: string): LibraryFunction | undefined {
    return this.functions.get(name.toLowerCase());
  }

  /** Every library, in the order they were loaded. */
  list(): FunctionLibrary[] {
    return [...this.libraries.values()];
  }

  /** How many functions all the libraries hold. */
  get functionCount(): number {
    let n = 0;
    for (const l of this.libraries.values()) n += l.functions.length;
    return n;
  }

  /** Adds a library (libraryLink); its function names must be free. */
  link(lib: FunctionLibrary): void {
    this.libraries.set(lib.name, lib);
    for (const f of lib.functions) {
      // dictAdd keeps the first of two names that differ only in case
      if (!this.functions.has(f.name.toLowerCase())) this.functions.set(f.name.toLowerCase(), f);
    }
  }

  /** Removes a library and its functions (libraryUnlink); answers whether it was there. */
  unlink(name: string): boolean {
    const lib = this.libraries.get(name);
    if (!lib) return false;
    for (const f of lib.functions) {
      if (this.functions.get(f.name.toLowerCase()) === f)
        this.functions.delete(f.name.toLowerCase());
    }
    this.libraries.delete(name);
    return true;
  }

  /** Removes every library (FUNCTION FLUSH). */
  clear(): void {
    this.libraries.clear();
    this.functions.clear();
  }

  /** A copy with the same libraries (a library never changes once loaded: it is replaced). */
  clone(): FunctionLibraries {
    const copy = new FunctionLibraries();
    for (const lib of this.libraries.values()) copy.link(lib);
    return copy;
  }
}
