/**
 * Sentences with named slots: `'{id} joins failed ({reason})'` filled with `{ id, reason }`.
 * Prose lives in content/ as such templates; the code fills them. The slot names are read from
 * the template's own type, so the compiler holds the code to fill exactly the slots a sentence
 * names, and `templateProblems` lets the content schema hold each sentence to the slots the
 * code fills. Plain TypeScript with no dependencies: the page's chunks can carry it.
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
 * What is wrong with a template whose code fills `slots`: a slot the code does not fill, a
 * slot it fills that the sentence leaves out, or a brace that is not part of a slot.
 */
export function templateProblems(text: string, slots: readonly string[]): string[] {
  const problems: string[] = [];
  const used = slotsIn(text);
  for (const name of used)
    if (!slots.includes(name))
      problems.push(
        `{${name}} is not a slot the code fills (it fills ${slots.length ? slots.map((x) => `{${x}}`).join(', ') : 'none'})`,
      );
  for (const name of slots)
    if (!used.includes(name)) problems.push(`{${name}} is missing: the code fills it`);
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
