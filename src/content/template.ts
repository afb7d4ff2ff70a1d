/**
 * Sentences with named slots: `'{id} joins failed ({reason})'` filled with `{ id, reason }`.
 * Prose lives in content/ as such templates; the code fills them. The slot names are read from
 * the template's own type, so the compiler holds the code to fill exactly the slots a sentence
 * names; the content schema (src/content/schema.ts) checks only what the compiler cannot: that
 * a sentence shown as it is has no slot, and that a filled one has no stray brace. Plain TypeScript with no dependencies: the page's chunks can carry it.
 */

/** The names of the slots in a template's literal type: `'a {x} b {y}'` → `'x' | 'y'`. */
export type SlotsOf<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | SlotsOf<Rest>
  : never;

/** A value for every slot a template names, and for no other. */
export type SlotValues<T extends string> = { [K in SlotsOf<T>]: string | number };

const SLOT = /\{([a-z][A-Za-z0-9]*)\}/g;

/** The template with each `{name}` replaced by its value. */
export function fill<T extends string>(template: T, values: SlotValues<T>): string {
  const byName = values as Record<string, string | number>;
  return template.replace(SLOT, (_, name: string) => String(byName[name]));
}

/** The slot names a template's text uses, each once, in order of first use. */
export function slotsIn(text: string): string[] {
  return [...new Set([...text.matchAll(SLOT)].map((m) => m[1]!))];
}

/**
 * What is wrong with a sentence the code fills, that the compiler cannot see: no slot at all (a
 * filled sentence that lost every slot), or a brace that is not part of a `{slot}`. Which slots
 * it names is the compiler's check (see {@link fill}).
 */
export function braceProblems(text: string): string[] {
  const problems: string[] = [];
  if (slotsIn(text).length === 0) problems.push('no {slot}: the code fills this sentence');
  if (/[{}]/.test(text.replace(SLOT, ''))) problems.push('a brace that is not part of a {slot}');
  return problems;
}

/**
 * A whole number with its thousands grouped by commas, as `n.toLocaleString('en')` writes it
 * ("12,345"), without Intl: a page's first Intl call loads the browser's number-formatting data,
 * some 50 ms or more, and the stepper's first count that needs it (a long table's gap at the
 * 1,000-lease preset) fell inside a step.
 */
export function grouped(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en');
  const digits = String(Math.abs(n));
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${out}` : out;
}
