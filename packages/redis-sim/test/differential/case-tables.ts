/** The shorthands every hand-written case table is written with. */
import type { KeyedCase } from './keyed-cases.ts';
import type { SequenceCase } from './sequence-compare.ts';

/** The commands of a sequence case, sent in order. */
export type Commands = SequenceCase['commands'];

/** One command of a keyed case. */
export type Cmd = readonly string[];

/** Sequence cases named under one prefix (`prefix: name`), as their suite lists them. */
export const cases = (prefix: string, list: Array<[string, Commands]>): SequenceCase[] =>
  list.map(([name, commands]) => ({ name: `${prefix}: ${name}`, commands }));

/** One keyed case: its name, then its commands in order. */
export const keyedCase = (name: string, ...commands: Cmd[]): KeyedCase => ({ name, commands });
