/**
 * A list's elements, as a ring buffer: a push or a pop at either end costs the same however
 * long the list is, as a real server's quicklist does. An array would move every element it
 * keeps for each push or pop on the left, so popping a million elements one at a time would be
 * quadratic. Reads by position go through {@link ListItems.at}; whatever walks or rebuilds the
 * whole list (LRANGE, LREM, LTRIM, LINSERT) is linear on a real server too, and is done here on
 * a plain copy.
 */

/** The smallest ring kept: a fresh list's room before it first grows. */
const MIN_ROOM = 8;

/** What a reader of a list needs of it, which a plain array satisfies too. */
export interface ListRead extends Iterable<string> {
  readonly length: number;
  at(index: number): string | undefined;
}

/**
 * A list's elements, first to last. The ring's room is a power of two: it doubles when full and
 * halves when no more than a quarter is used, so a long run of pops gives the memory back, and
 * pushes and pops at either end cost a constant amortized time.
 */
export class ListItems implements ListRead {
  private ring: Array<string | undefined>;
  /** where the first element is in the ring */
  private head = 0;
  private size = 0;

  private constructor(room: number) {
    this.ring = new Array<string | undefined>(room).fill(undefined);
  }

  /** A list of `items`, in their order (the array is copied, not kept). */
  static of(items: Iterable<string> = []): ListItems {
    const all = [...items];
    const list = new ListItems(roomFor(all.length));
    for (let i = 0; i < all.length; i++) list.ring[i] = all[i];
    list.size = all.length;
    return list;
  }

  get length(): number {
    return this.size;
  }

  /** The element at `index` from the first (0) onwards; undefined outside the list. */
  at(index: number): string | undefined {
    if (index < 0 || index >= this.size || !Number.isInteger(index)) return undefined;
    return this.ring[(this.head + index) & (this.ring.length - 1)];
  }

  /** Replaces the element at `index`, which must be inside the list. */
  set(index: number, element: string): void {
    if (index < 0 || index >= this.size) throw new RangeError(`no element ${index}`);
    this.ring[(this.head + index) & (this.ring.length - 1)] = element;
  }

  /** Puts `element` before the first. */
  pushLeft(element: string): void {
    if (this.size === this.ring.length) this.resize(this.ring.length * 2);
    this.head = (this.head - 1) & (this.ring.length - 1);
    this.ring[this.head] = element;
    this.size++;
  }

  /** Puts `element` after the last. */
  pushRight(element: string): void {
    if (this.size === this.ring.length) this.resize(this.ring.length * 2);
    this.ring[(this.head + this.size) & (this.ring.length - 1)] = element;
    this.size++;
  }

  /** Takes the first element away; undefined when the list is empty. */
  popLeft(): string | undefined {
    if (this.size === 0) return undefined;
    const element = this.ring[this.head];
    // the slot lets go of the string, so a popped element is not kept alive by the ring
    this.ring[this.head] = undefined;
    this.head = (this.head + 1) & (this.ring.length - 1);
    this.size--;
    this.shrinkIfSparse();
    return element;
  }

  /** Takes the last element away; undefined when the list is empty. */
  popRight(): string | undefined {
    if (this.size === 0) return undefined;
    const at = (this.head + this.size - 1) & (this.ring.length - 1);
    const element = this.ring[at];
    this.ring[at] = undefined;
    this.size--;
    this.shrinkIfSparse();
    return element;
  }

  /** The elements from `start` up to (not including) `end`, as an array. */
  slice(start = 0, end = this.size): string[] {
    const from = Math.max(0, start);
    const to = Math.min(this.size, end);
    const out: string[] = new Array<string>(Math.max(0, to - from));
    const mask = this.ring.length - 1;
    for (let i = from; i < to; i++) out[i - from] = this.ring[(this.head + i) & mask]!;
    return out;
  }

  /** Every element, first to last, as an array of its own. */
  toArray(): string[] {
    return this.slice();
  }

  /** Makes the list hold `items` instead, in their order (a rebuild after a linear edit). */
  replaceAll(items: readonly string[]): void {
    this.ring = new Array<string | undefined>(roomFor(items.length)).fill(undefined);
    for (let i = 0; i < items.length; i++) this.ring[i] = items[i];
    this.head = 0;
    this.size = items.length;
  }

  /** A copy that shares nothing with this list. */
  clone(): ListItems {
    return ListItems.of(this);
  }

  *[Symbol.iterator](): Iterator<string> {
    const mask = this.ring.length - 1;
    for (let i = 0; i < this.size; i++) yield this.ring[(this.head + i) & mask]!;
  }

  /** Halves the ring once no more than a quarter of it is used (a half used stays put). */
  private shrinkIfSparse(): void {
    if (this.ring.length > MIN_ROOM && this.size <= this.ring.length / 4)
      this.resize(this.ring.length / 2);
  }

  /** Moves the elements into a ring of `room` slots, the first at slot 0. */
  private resize(room: number): void {
    const next = new Array<string | undefined>(room).fill(undefined);
    const mask = this.ring.length - 1;
    for (let i = 0; i < this.size; i++) next[i] = this.ring[(this.head + i) & mask];
    this.ring = next;
    this.head = 0;
  }
}

/** The ring's room for `n` elements: the least power of two that holds them, at least {@link MIN_ROOM}. */
function roomFor(n: number): number {
  let room = MIN_ROOM;
  while (room < n) room *= 2;
  return room;
}
