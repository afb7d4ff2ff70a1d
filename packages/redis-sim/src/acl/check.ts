import type { CommandSpec } from '../commands/types.ts';
import { err, type ErrorReply } from '../errors.ts';
import { globMatch } from '../glob.ts';
import type { AclUser } from './users.ts';

/** The access one key needs: read for `access`, write for `insert`/`update`/`delete`. */
export interface KeyNeed {
  read: boolean;
  write: boolean;
}

/** Whether `user` may run the command (or subcommand) `spec`. AUTH-like commands always may. */
export function mayRun(user: AclUser, spec: CommandSpec): boolean {
  // no rule of its own for any command: the answer below without a lookup (every redis.call
  // of a script asks)
  if (user.commandRules.size === 0) return user.allCommands || spec.flags.includes('noauth');
  if (spec.flags.includes('noauth')) return true;
  const own = user.commandRules.get(spec.name);
  if (own !== undefined) return own;
  const bar = spec.name.indexOf('|');
  if (bar > 0) {
    const container = user.commandRules.get(spec.name.slice(0, bar));
    if (container !== undefined) return container;
  }
  return user.allCommands;
}

/**
 * Whether `user` may touch `key` as `need` says: one pattern must both grant
 * every permission needed and match the key (Redis's ACLSelectorCheckKey). A
 * key that needs neither (TYPE, EXISTS) passes any matching pattern.
 */
export function mayAccessKey(user: AclUser, key: string, need: KeyNeed): boolean {
  if (user.allKeys) return true;
  return user.keys.some(
    (p) => (!need.read || p.read) && (!need.write || p.write) && globMatch(p.pattern, key),
  );
}

/** The NOPERM texts Redis 7.0 sends, at top level and from inside a script. */
export const NOPERM = {
  command: (fullName: string) =>
    `NOPERM this user has no permissions to run the '${fullName}' command`,
  keys: 'NOPERM this user has no permissions to access one of the keys used as arguments',
  scriptCommand: "ERR The user executing the script can't run this command or subcommand",
  scriptKeys:
    "ERR The user executing the script can't access at least one of the keys mentioned in the command arguments",
} as const;

/**
 * Redis 7.0's ACL check of one command (ACLCheckAllPerm): the command, then
 * each key its key specs name, in order. At top level the refusal is NOPERM;
 * through redis.call it is the script form, which the script then raises
 * with its own suffix.
 */
export function checkCommand(
  user: AclUser,
  spec: CommandSpec,
  args: readonly string[],
  inScript: boolean,
): ErrorReply | null {
  if (!mayRun(user, spec)) return err(inScript ? NOPERM.scriptCommand : NOPERM.command(spec.name));
  if (user.allKeys || !spec.keys) return null;
  for (const ref of spec.keys(args)) {
    const need = {
      read: ref.flags.includes('access'),
      write: ref.flags.some((f) => f === 'insert' || f === 'update' || f === 'delete'),
    };
    if (!mayAccessKey(user, args[ref.index] ?? '', need)) {
      return err(inScript ? NOPERM.scriptKeys : NOPERM.keys);
    }
  }
  return null;
}
