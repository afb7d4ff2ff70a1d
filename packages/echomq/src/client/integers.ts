// Kept apart from the verbs so the editor's checks can use them without the verbs' code.
import { notAnInteger } from './raised.ts';

/** Elixir's is_integer for values typed loosely by a UI. */
export function isElixirInteger(x: unknown): x is number | bigint {
  return typeof x === 'bigint' || (typeof x === 'number' && Number.isInteger(x));
}

/** Integer.to_string/1. */
export function integerToString(x: unknown): string {
  if (!isElixirInteger(x)) throw notAnInteger();
  return BigInt(x).toString();
}
