import { useState } from 'react';

/**
 * React keys for the rows of a window of at most `size` consecutive rows out of a long list
 * (`from` is the index, in the whole list, of the window's first row).
 *
 * Keyed by their ids, the rows were new elements whenever the window moved: a scrub across a
 * thousand members removed and built every row of every windowed table, some eighty DOM
 * insertions and removals a scrub, and a layout tree rebuilt for each. Here a row's key is its
 * index plus a shift, modulo `size`, so any `size` consecutive rows have distinct keys. The shift
 * is kept while the window slides (a row keeps its key and its element: a one-row slide moves one
 * element from one end to the other), and chosen afresh when the window jumps past where it was,
 * so that the keys match the places: the elements stay where they are and only their contents
 * change, nothing is moved.
 */
export function useWindowKeys(from: number, size: number): (index: number) => number {
  // the last window and its shift: a move of the window is a change of this state made while
  // rendering (React renders this component again before its children, nothing is committed
  // twice), so the keys are a function of what the window was and is
  const [last, setLast] = useState(() => ({ from, shift: mod(-from, size) }));
  let shift = last.shift;
  if (from !== last.from) {
    if (Math.abs(from - last.from) >= size) shift = mod(-from, size);
    setLast({ from, shift });
  }
  return (index) => mod(index + shift, size);
}

const mod = (a: number, n: number) => ((a % n) + n) % n;
