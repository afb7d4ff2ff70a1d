import { useRef } from 'react';

/** What a command line asks of Tab completion (see {@link useTabCompletion}). */
export interface TabCompletion {
  /** the names Tab completes, asked of the server once it is up */
  setNames: (names: string[]) => void;
  /** any other key or edit: the next Tab starts again from what is typed */
  forget: () => void;
  /** The completion of `value` after one more Tab, or null (then Tab moves focus on). */
  next: (value: string) => string | null;
}

/**
 * Tab completion of a command's name, as redis-cli does it: each Tab on a line that is one word
 * puts the next name that starts with what was typed, round and round. `names` is set once the
 * server is up; `forget` is called on any other key or edit, so the next Tab starts again.
 */
export function useTabCompletion(): TabCompletion {
  const names = useRef<string[]>([]);
  const completion = useRef<{ prefix: string; index: number } | null>(null);
  return {
    setNames: (n: string[]) => {
      names.current = n;
    },
    forget: () => {
      completion.current = null;
    },
    next: (value: string): string | null => {
      if (/\s/.test(value.trimStart())) return null;
      const state = completion.current ?? { prefix: value.trimStart(), index: -1 };
      const matches = names.current.filter((n) =>
        n.toLowerCase().startsWith(state.prefix.toLowerCase()),
      );
      if (matches.length === 0) return null;
      const index = (state.index + 1) % matches.length;
      completion.current = { prefix: state.prefix, index };
      return matches[index]!;
    },
  };
}
