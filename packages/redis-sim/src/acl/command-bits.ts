/**
 * A user's command permissions as Redis 7.0 keeps them: one bit per command and subcommand
 * (the `+@all`/`-@all` last given sets them all, and is the bit of every command not named
 * since, future ones included), plus the first arguments allowed of a command whose bit is
 * off (`+select|0`). Categories set the bits of the commands 7.0.15 lists in them
 * (ACLSetSelectorCommandBitsForCategory), and ACL LIST describes the bits back as 7.0 does:
 * `+@all` or `-@all`, the categories that fit best, then single commands
 * (ACLDescribeSelectorCommandRules).
 */
import { aclCommandTree, type AclCommandNode } from '../commands/recorded.ts';
import type { CommandBits } from './users.ts';

/** Redis 7.0's categories, in ACLCommandCategories' order (the order ACL LIST tries them in). */
export const CATEGORY_ORDER = [
  'keyspace', 'read', 'write', 'set', 'sortedset', 'list', 'hash', 'string', 'bitmap',
  'hyperloglog', 'geo', 'stream', 'pubsub', 'admin', 'fast', 'slow', 'blocking', 'dangerous',
  'connection', 'transaction', 'scripting',
] as const; // prettier-ignore

/** Whether `name` is a category, in any case (ACLGetCommandCategoryFlagByName). */
export const categoryName = (name: string): string | null => {
  const lower = name.toLowerCase();
  return (CATEGORY_ORDER as readonly string[]).includes(lower) ? lower : null;
};

/** The bit of the command (or subcommand) `name`. */
export const commandBit = (b: CommandBits, name: string): boolean =>
  b.commandRules.get(name) ?? b.allCommands;

function setBit(b: CommandBits, name: string, value: boolean): void {
  if (value === b.allCommands) b.commandRules.delete(name);
  else b.commandRules.set(name, value);
}

/** `+@all` (true) or `-@all` (false): every bit, and no first arguments. */
export function setAll(b: CommandBits, value: boolean): void {
  b.allCommands = value;
  b.commandRules.clear();
  b.firstArgs.clear();
}

/**
 * `+name` or `-name` (ACLChangeSelectorPerm): the command's bit and those of all its
 * subcommands, its own first arguments forgotten.
 */
export function changePerm(
  b: CommandBits,
  name: string,
  subs: readonly string[],
  allow: boolean,
): void {
  setBit(b, name, allow);
  b.firstArgs.delete(name);
  for (const sub of subs) setBit(b, sub, allow);
}

const subNames = (node: AclCommandNode) => node.subs.map((s) => s.name);

/** `+@category` or `-@category`: every real command in it, each as `+name` would. */
export function setCategory(b: CommandBits, category: string, allow: boolean): void {
  const walk = (nodes: readonly AclCommandNode[]) => {
    for (const node of nodes) {
      if (node.categories.has(category)) changePerm(b, node.name, subNames(node), allow);
      walk(node.subs);
    }
  };
  walk(aclCommandTree());
}

/** `+name|arg` of a command without subcommands: `arg` allowed, unless already (in any case). */
export function addFirstArg(b: CommandBits, name: string, arg: string): void {
  const list = b.firstArgs.get(name) ?? [];
  if (list.some((a) => a.toLowerCase() === arg.toLowerCase())) return;
  b.firstArgs.set(name, [...list, arg]);
}

/**
 * Whether the bits let a call of `name` with `args` run: its bit, or one of its allowed first
 * arguments (the argument after a subcommand's name).
 */
export function bitsAllow(b: CommandBits, name: string, args: readonly string[]): boolean {
  if (commandBit(b, name)) return true;
  const allowed = b.firstArgs.get(name);
  const first = args[name.includes('|') ? 2 : 1];
  if (!allowed || first === undefined) return false;
  return allowed.some((a) => a.toLowerCase() === first.toLowerCase());
}

const copyBits = (b: CommandBits): CommandBits => ({
  allCommands: b.allCommands,
  commandRules: new Map(b.commandRules),
  firstArgs: new Map(),
});

/** How many commands of `category` have their bit on and off. */
function countCategory(b: CommandBits, category: string): { on: number; off: number } {
  let on = 0;
  let off = 0;
  const walk = (nodes: readonly AclCommandNode[]) => {
    for (const node of nodes) {
      if (node.categories.has(category)) {
        if (commandBit(b, node.name)) on++;
        else off++;
      }
      walk(node.subs);
    }
  };
  walk(aclCommandTree());
  return { on, off };
}

/**
 * The command rules of ACL LIST and ACL GETUSER (ACLDescribeSelectorCommandRules): `+@all` or
 * `-@all`, then, while one fits, the category with the fewest differences from the bits (more
 * in common than not), then the single commands and first arguments still needed. Redis walks
 * its command dict for the single commands, in an order its random hash seed changes at every
 * start; this walks the recorded order, so the same rules come out, perhaps in another order.
 */
export function describeCommandBits(b: CommandBits): string[] {
  const additive = !b.allCommands;
  const rules = [additive ? '-@all' : '+@all'];
  const fake: CommandBits = {
    allCommands: !additive,
    commandRules: new Map(),
    firstArgs: new Map(),
  };
  const temp = copyBits(b);
  const applied = new Set<string>();
  for (;;) {
    let best: string | null = null;
    let minDiff = Number.MAX_SAFE_INTEGER;
    let maxSame = 0;
    for (const category of CATEGORY_ORDER) {
      if (applied.has(category)) continue;
      const { on, off } = countCategory(temp, category);
      const diff = additive ? off : on;
      const same = additive ? on : off;
      if (same > diff && (diff < minDiff || (diff === minDiff && same > maxSame))) {
        best = category;
        minDiff = diff;
        maxSame = same;
      }
    }
    if (best === null) break;
    setCategory(fake, best, additive);
    setCategory(temp, best, !additive);
    rules.push(`${additive ? '+' : '-'}@${best}`);
    applied.add(best);
  }
  const single = (name: string, subs: readonly AclCommandNode[]) => {
    const own = commandBit(b, name);
    if (own !== commandBit(fake, name)) {
      rules.push(`${own ? '+' : '-'}${name}`);
      changePerm(
        fake,
        name,
        subs.map((s) => s.name),
        own,
      );
    }
    for (const sub of subs) single(sub.name, sub.subs);
    if (!own) for (const arg of b.firstArgs.get(name) ?? []) rules.push(`+${name}|${arg}`);
  };
  for (const node of aclCommandTree()) single(node.name, node.subs);
  // commands no real server has (a module's), named by the user: last, as a module's would be
  const known = new Set(aclCommandTree().flatMap((n) => [n.name, ...subNames(n)]));
  const others = new Set([...b.commandRules.keys(), ...b.firstArgs.keys()]);
  for (const name of others) if (!known.has(name)) single(name, []);
  return rules;
}

/** Every real command and subcommand in `category`, as ACL CAT lists them (aclCatWithFlags). */
export function commandsIn(category: string): string[] {
  const names: string[] = [];
  const walk = (nodes: readonly AclCommandNode[]) => {
    for (const node of nodes) {
      if (node.categories.has(category)) names.push(node.name);
      walk(node.subs);
    }
  };
  walk(aclCommandTree());
  return names;
}
