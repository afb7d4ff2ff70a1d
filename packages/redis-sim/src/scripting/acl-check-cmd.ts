/**
 * `redis.acl_check_cmd(name, …)` (script_lua.c's luaRedisAclCheckCmdPermissionsCommand): the
 * command is looked up as lookupCommand looks it up (a container with one argument is the
 * container, with more its subcommand), then the script's caller is checked against it and
 * its keys (ACLCheckAllUserCommandPerm). A name the server does not know answers null, which
 * the script sees as Redis's "Invalid command passed to redis.acl_check_cmd()".
 */
import catalogue from '../../fixtures/command-catalogue.json' with { type: 'json' };
import { checkCommand } from '../acl/index.ts';
import type { CommandFlag, CommandHost, CommandSpec, KeySpecFlag } from '../commands/types.ts';
import { keyRange } from '../commands/types.ts';
import type { Connection } from '../connection.ts';

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

/**
 * A real 7.0 command the simulator does not model, as far as ACL needs it: its name, the
 * `no_auth` flag, and its keys by the recorded first/last/step with its first key spec's
 * flags. The user's rules cannot name it (ACL SETUSER knows only modelled commands), so
 * `+@all`/`-@all` and the key patterns decide.
 */
function recordedSpec(args: readonly string[]): CommandSpec | undefined {
  const base = RECORDED[(args[0] ?? '').toLowerCase()];
  if (!base) return undefined;
  const subs = base[9] as Recorded[] | undefined;
  let entry: Recorded | undefined = base;
  if (args.length > 1 && subs && subs.length > 0) {
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

/**
 * Whether the connection's user may run `args` (true or false), or null when no such command
 * or subcommand exists.
 */
export function aclCheckCmd(
  host: CommandHost,
  conn: Connection,
  args: readonly string[],
): boolean | null {
  const found = host.commands.lookup(args);
  const spec = 'spec' in found ? found.spec : recordedSpec(args);
  if (!spec) return null;
  const user = host.acl.get(conn.user);
  return user !== undefined && checkCommand(user, spec, args, false) === null;
}
