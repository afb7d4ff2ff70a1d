/**
 * Every command and subcommand a real Redis 7.0.15 has, as its COMMAND INFO described them
 * (`fixtures/command-catalogue.json`), and the one place that reads them: COMMAND INFO's
 * entries (commands/command.ts), the flags the simulator takes from the real server (`denyoom`:
 * commands/denyoom.ts; `allow_busy`: commands/busy.ts; `no_multi`: commands/transactions.ts;
 * `no_mandatory_keys`), and what ACL needs of a real command the simulator does not model, so
 * that ACL SETUSER can name it and `redis.acl_check_cmd` can judge it.
 */
import catalogue from '../../fixtures/command-catalogue.json' with { type: 'json' };
import { isStatus } from '../errors.ts';
import type { Reply } from '../trace-types.ts';
import {
  keyRange,
  type CommandFlag,
  type CommandLookupResult,
  type CommandSpec,
  type KeySpecFlag,
} from './types.ts';

/** One COMMAND INFO entry: name, arity, flags, first, last, step, categories, tips, key specs, subcommands. */
type Recorded = [
  string,
  number,
  Reply[],
  number,
  number,
  number,
  Reply,
  Reply,
  Reply[][],
  ...Reply[],
];

const RECORDED = catalogue.info as unknown as Record<string, Recorded>;

/**
 * The recorded entry of a top-level command by its name as typed; an own entry only, so a
 * name such as `constructor` is no command.
 */
const recordedBase = (name: string): Recorded | undefined => {
  const lower = name.toLowerCase();
  return Object.hasOwn(RECORDED, lower) ? RECORDED[lower] : undefined;
};

/** A recorded entry's subcommands (none for a plain command). */
const subcommandsOf = (entry: Recorded): Recorded[] => (entry[9] as Recorded[] | undefined) ?? [];

/**
 * 7.0.15's COMMAND INFO entry of a command or subcommand by its full name (`xadd`,
 * `xinfo|stream`, in any case): at most two parts, the second only of a container, as
 * ACLLookupCommand finds it.
 */
export function recordedEntry(fullName: string): Recorded | undefined {
  const lower = fullName.toLowerCase();
  const parts = lower.split('|');
  const base = recordedBase(parts[0] ?? '');
  if (!base || parts.length > 2) return undefined;
  return parts.length === 1 ? base : subcommandsOf(base).find((s) => s[0] === lower);
}

/** Whether a recorded entry carries `flag` among its flags. */
const flagged = (entry: Recorded | undefined, flag: string): boolean =>
  (entry?.[2] ?? []).some((f) => isStatus(f) && f.status === flag);

/** Whether 7.0.15's COMMAND INFO gives the command or subcommand `fullName` the flag `flag`. */
export const hasRecordedFlag = (fullName: string, flag: string): boolean =>
  flagged(recordedEntry(fullName), flag);

/**
 * A test of one flag of 7.0.15's COMMAND INFO, read once per command, for the checks
 * processCommand makes by flag (`denyoom`, `allow_busy`, `no_multi`). A module's command answers false:
 * only its own flags speak for it.
 */
export function recordedFlagTest(flag: string): (spec: CommandSpec) => boolean {
  const byName = new Map<string, boolean>();
  return (spec) => {
    let yes = byName.get(spec.name);
    if (yes === undefined) {
      yes = spec.module === undefined && hasRecordedFlag(spec.name, flag);
      byName.set(spec.name, yes);
    }
    return yes;
  };
}

/** The ACL categories of a recorded entry, without their `@`. */
const categoryNames = (entry: Recorded | undefined): string[] =>
  Array.isArray(entry?.[6]) ? entry[6].map((c) => (isStatus(c) ? c.status.slice(1) : '')) : [];

/** The ACL categories 7.0.15 gives a command or subcommand (none to one it lacks), without their `@`. */
export const categoriesOf = (fullName: string): string[] => categoryNames(recordedEntry(fullName));

/** Every category name 7.0.15 knows (ACL CAT), as FILTERBY ACLCAT matches them. */
export const ACL_CATEGORIES: ReadonlySet<string> = new Set(
  Object.values(RECORDED).flatMap(categoryNames),
);

/** The key-spec flags of a recorded entry's first key spec (what its keys need). */
function firstSpecFlags(entry: Recorded): KeySpecFlag[] {
  const spec = entry[8][0];
  if (!spec) return [];
  const at = spec.indexOf('flags');
  const flags = at >= 0 ? (spec[at + 1] as Array<{ status: string }>) : [];
  return flags.map((f) => f.status as KeySpecFlag);
}

/**
 * A real 7.0.15 command or subcommand by its full name (`xadd`, `xinfo|stream`), as Redis's
 * ACLLookupCommand finds it. `sub` says it is a subcommand, `container` that it has
 * subcommands.
 */
export function recordedCommand(
  fullName: string,
): { name: string; sub: boolean; container: boolean } | null {
  const entry = recordedEntry(fullName);
  if (!entry) return null;
  const sub = entry[0].includes('|');
  return { name: entry[0], sub, container: !sub && subcommandsOf(entry).length > 0 };
}

/**
 * A real 7.0 command the simulator does not model, as far as ACL and the dispatcher's checks
 * need it, for the arguments of a call (a container's subcommand by its first argument): its
 * name and arity, the flags the checks read ({@link CHECKED_FLAGS}), and its keys by the
 * recorded first/last/step with its first key spec's flags.
 */
export function recordedSpec(args: readonly string[]): CommandSpec | undefined {
  const found = recordedLookup(args);
  return 'spec' in found ? found.spec : undefined;
}

/**
 * The recorded flags a spec of a real command carries, by the names COMMAND INFO gives them:
 * the ones ACL (`no_auth`) and the dispatcher's checks before a command runs (`noscript`, and
 * `write` for a read-only script) read from a spec; `denyoom` and the rest are read from the
 * catalogue by name.
 */
const CHECKED_FLAGS: readonly (readonly [string, CommandFlag])[] = [
  ['no_auth', 'noauth'],
  ['noscript', 'noscript'],
  ['write', 'write'],
];

/**
 * What lookupCommand finds for `args` among 7.0.15's commands: a command, a container's
 * subcommand by the first argument (the container itself when it has none), or why nothing is
 * found. The spec is {@link recordedSpec}'s; it runs nothing.
 */
export function recordedLookup(args: readonly string[]): CommandLookupResult {
  const base = recordedBase(args[0] ?? '');
  if (!base) return { unknown: 'command' };
  const subs = subcommandsOf(base);
  let entry: Recorded | undefined = base;
  if (args.length > 1 && subs.length > 0) {
    const full = `${base[0]}|${(args[1] ?? '').toLowerCase()}`;
    entry = subs.find((s) => s[0] === full);
  }
  if (!entry) return { unknown: 'subcommand', container: base[0] };
  const flags = CHECKED_FLAGS.filter(([recorded]) => flagged(entry, recorded)).map(([, f]) => f);
  const [, , , first, last, step] = entry;
  return {
    spec: {
      name: entry[0],
      arity: entry[1],
      flags,
      keys: first > 0 ? keyRange(first, last, step, firstSpecFlags(entry)) : undefined,
      run: () => null,
    },
  };
}

/** A real command or subcommand as ACL sees it: its full name, categories and subcommands. */
export interface AclCommandNode {
  name: string;
  categories: ReadonlySet<string>;
  subs: AclCommandNode[];
}

const aclNode = (entry: Recorded): AclCommandNode => ({
  name: entry[0],
  categories: new Set(categoryNames(entry)),
  subs: subcommandsOf(entry).map(aclNode),
});

let aclTree: AclCommandNode[] | null = null;

/**
 * Every real 7.0.15 command, each with its subcommands, as ACL's category rules and its
 * description of a user walk them (server.orig_commands), in the recorded order.
 */
export function aclCommandTree(): readonly AclCommandNode[] {
  aclTree ??= Object.values(RECORDED).map(aclNode);
  return aclTree;
}

/** The full names of a recorded command's subcommands (none for a plain one or a subcommand). */
export const recordedSubcommands = (fullName: string): string[] => {
  const entry = recordedEntry(fullName);
  return entry ? subcommandsOf(entry).map((s) => s[0]) : [];
};
