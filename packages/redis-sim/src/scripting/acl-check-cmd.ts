/**
 * `redis.acl_check_cmd(name, …)` (script_lua.c's luaRedisAclCheckCmdPermissionsCommand): the
 * command is looked up as lookupCommand looks it up (a container with one argument is the
 * container, with more its subcommand), then the script's caller is checked against it and
 * its keys (ACLCheckAllUserCommandPerm). A name the server does not know answers null, which
 * the script sees as Redis's "Invalid command passed to redis.acl_check_cmd()". A real command
 * the simulator does not model is judged by its recorded spec (commands/recorded.ts): the
 * user's rules (ACL SETUSER may name it), `+@all`/`-@all` and its recorded key positions.
 */
import { checkCommand } from '../acl/index.ts';
import { recordedSpec } from '../commands/recorded.ts';
import type { CommandHost } from '../commands/types.ts';
import type { Connection } from '../connection.ts';

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
