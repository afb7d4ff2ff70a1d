/**
 * Every command and subcommand a real Redis 7.0.15 has, as its COMMAND INFO described them
 * (`fixtures/command-catalogue.json`): what ACL needs of a real command the simulator does not
 * model, so that ACL SETUSER can name it and `redis.acl_check_cmd` can judge it.
 */
import catalogue from '../../fixtures/command-catalogue.json' with { type: 'json' };
import { keyRange, type CommandFlag, type CommandSpec, type KeySpecFlag } from './types.ts';

/** One COMMAND INFO entry: name, arity, flags, first, last, step, categories, tips, key specs, subcommands. */
type Recorded = [string, number, unknown, number, number, number, unknown, unknown, unknown[][]];

const RECORDED = catalogue.info as unknown as Record<string, Recorded & unknown[]>;

/** The key-spec flags of a recorded entry's first key spec (what its keys need). */
function firstSpecFlags(entry: Recorded): KeySpecFlag[] {
  const spec = entry[8][0];
  if (!spec) return [];
  const at = spec.indexOf('flags');
  const flags = at >= 0 ? (spec[at + 1] as Array<{ status: string }>) : [];
  return flags.map((f) => f.status as KeySpecFlag);
}

/** A recorded entry's subcommands (none for a plain command). */
const subcommandsOf = (entry: Recorded): Recorded[] =>
  ((entry as unknown[])[9] as Recorded[] | undefined) ?? [];

/**
 * A real 7.0.15 command or subcommand by its full name (`xadd`, `xinfo|stream`), as Redis's
 * ACLLookupCommand finds it: at most two parts, the second only of a container. `sub` says it
 * is a subcommand, `container` that it has subcommands.
 */
export function recordedCommand(
  fullName: string,
): { name: string; sub: boolean; container: boolean } | null {
  const parts = fullName.toLowerCase().split('|');
  const base = RECORDED[parts[0] ?? ''];
  if (!base || parts.length > 2) return null;
  const subs = subcommandsOf(base);
  if (parts.length === 1) return { name: base[0], sub: false, container: subs.length > 0 };
  const entry = subs.find((s) => s[0] === fullName.toLowerCase());
  return entry ? { name: entry[0], sub: true, container: false } : null;
}

/**
 * A real 7.0 command the simulator does not model, as far as ACL needs it, for the arguments
 * of a call (a container's subcommand by its first argument): its name, the `no_auth` flag,
 * and its keys by the recorded first/last/step with its first key spec's flags.
 */
export function recordedSpec(args: readonly string[]): CommandSpec | undefined {
  const base = RECORDED[(args[0] ?? '').toLowerCase()];
  if (!base) return undefined;
  const subs = subcommandsOf(base);
  let entry: Recorded | undefined = base;
  if (args.length > 1 && subs.length > 0) {
    const full = `${base[0]}|${(args[1] ?? '').toLowerCase()}`;
    entry = subs.find((s) => s[0] === full);
  }
  if (!entry) return undefined;
  const flags: CommandFlag[] = (entry[2] as Array<{ status: string }>).some(
    (f) => f.status === 'no_auth',
  )
    ? ['noauth']
    : [];
  const [, , , first, last, step] = entry;
  return {
    name: entry[0],
    arity: entry[1],
    flags,
    keys: first > 0 ? keyRange(first, last, step, firstSpecFlags(entry)) : undefined,
    run: () => null,
  };
}
