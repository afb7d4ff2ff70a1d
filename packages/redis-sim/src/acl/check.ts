import type { CommandSpec } from '../commands/types.ts';
import { err, type ErrorReply } from '../errors.ts';
import { globMatch } from '../glob.ts';
import type { AclUser } from './users.ts';
import { bitsAllow } from './command-bits.ts';

/** The access one key needs: read for `access`, write for `insert`/`update`/`delete`. */
export interface KeyNeed {
  read: boolean;
  write: boolean;
}

/**
 * Whether `user` may run the command (or subcommand) `spec` with `args`: by its bit, or an
 * allowed first argument (ACLSelectorCheckCmd). AUTH-like commands always may.
 */
export function mayRun(user: AclUser, spec: CommandSpec, args: readonly string[]): boolean {
  if (spec.flags.includes('noauth')) return true;
  // no rule of its own for any command: the answer below without a lookup (every redis.call
  // of a script asks)
  if (user.commandRules.size === 0 && user.firstArgs.size === 0) return user.allCommands;
  return bitsAllow(user, spec.name, args);
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

/** Why ACL refuses a call: the command itself, or the key at `index` of its arguments. */
export type AclDenial = { denied: 'command' } | { denied: 'key'; index: number };

/**
 * Redis 7.0's ACL check of one call (ACLSelectorCheckCmd on the root selector): the command,
 * then each key its key specs name, in order. Null when it may run.
 */
export function aclVerdict(
  user: AclUser,
  spec: CommandSpec,
  args: readonly string[],
): AclDenial | null {
  if (!mayRun(user, spec, args)) return { denied: 'command' };
  if (user.allKeys || !spec.keys) return null;
  for (const ref of spec.keys(args)) {
    const need = {
      read: ref.flags.includes('access'),
      write: ref.flags.some((f) => f === 'insert' || f === 'update' || f === 'delete'),
    };
    if (!mayAccessKey(user, args[ref.index] ?? '', need))
      return { denied: 'key', index: ref.index };
  }
  return null;
}

/**
 * Redis 7.0's ACL check of one command (ACLCheckAllPerm). At top level the refusal is NOPERM;
 * through redis.call it is the script form, which the script then raises with its own suffix.
 */
export function checkCommand(
  user: AclUser,
  spec: CommandSpec,
  args: readonly string[],
  inScript: boolean,
): ErrorReply | null {
  const verdict = aclVerdict(user, spec, args);
  if (verdict === null) return null;
  if (verdict.denied === 'command') {
    return err(inScript ? NOPERM.scriptCommand : NOPERM.command(spec.name));
  }
  return err(inScript ? NOPERM.scriptKeys : NOPERM.keys);
}
