import { helpSubcommand } from '../commands/help.ts';
import { arg, type CommandSpec } from '../commands/types.ts';
import { OK, SYNTAX, arityError, err } from '../errors.ts';
import { describeUser } from './describe.ts';
import { HAS_SPACES, applyModifiers } from './setuser.ts';
import { sha256Hex } from './sha256.ts';
import { cloneUser, newUser } from './users.ts';

/** AUTH's answer for a wrong password, an unknown user or a disabled one. */
export const WRONGPASS = 'WRONGPASS invalid username-password pair or user is disabled.';
const DEFAULT_NOPASS_AUTH =
  'ERR AUTH <password> called without any password configured for the default user. ' +
  'Are you sure your configuration is correct?';

/** ACL SETUSER name [rule …]: all rules apply, or none (the user is left as it was). */
const setuser: CommandSpec = {
  name: 'acl|setuser',
  arity: -3,
  flags: ['admin', 'noscript'],
  run: ({ host }, args) => {
    const name = arg(args, 2);
    if (HAS_SPACES.test(name)) return err("ERR Usernames can't contain spaces or null characters");
    const existing = host.acl.get(name);
    const draft = existing ? cloneUser(existing) : newUser(name);
    const refused = applyModifiers(draft, args.slice(3), host.commands);
    if (refused !== null) return err(refused);
    host.acl.set(draft);
    return OK;
  },
};

const whoami: CommandSpec = {
  name: 'acl|whoami',
  arity: 2,
  flags: ['noscript'],
  run: ({ conn }) => conn.user,
};

const list: CommandSpec = {
  name: 'acl|list',
  arity: 2,
  flags: ['admin', 'noscript'],
  run: ({ host }) => host.acl.list().map(describeUser),
};

const users: CommandSpec = {
  name: 'acl|users',
  arity: 2,
  flags: ['admin', 'noscript'],
  run: ({ host }) => host.acl.list().map((u) => u.name),
};

/**
 * ACL DELUSER name …: answers how many existed. A connection of a deleted
 * user is closed on a real server; here its next command is refused.
 */
const deluser: CommandSpec = {
  name: 'acl|deluser',
  arity: -3,
  flags: ['admin', 'noscript'],
  run: ({ host }, args) => {
    const names = args.slice(2);
    if (names.includes('default')) return err("ERR The 'default' user cannot be removed");
    return names.filter((n) => host.acl.delete(n)).length;
  },
};

const acl: CommandSpec = {
  name: 'acl',
  arity: -2,
  flags: ['container', 'noscript'],
  subcommands: new Map([
    ['setuser', setuser],
    ['whoami', whoami],
    ['list', list],
    ['users', users],
    ['deluser', deluser],
    ['help', helpSubcommand('acl')],
  ]),
  run: () => arityError('acl'),
};

/**
 * AUTH [username] password: switches the connection's user when the user is
 * on and the password matches (any password for a nopass user). The one-word
 * form authenticates as `default`.
 */
const auth: CommandSpec = {
  name: 'auth',
  arity: -2,
  flags: ['noscript', 'fast', 'noauth'],
  run: ({ host, conn }, args) => {
    if (args.length > 3) return err(SYNTAX);
    const name = args.length === 3 ? arg(args, 1) : 'default';
    const password = arg(args, args.length - 1);
    if (args.length === 2 && host.acl.get('default')?.nopass) return err(DEFAULT_NOPASS_AUTH);
    const user = host.acl.get(name);
    if (!user || !user.enabled) return err(WRONGPASS);
    if (!user.nopass && !user.passwords.includes(sha256Hex(password))) return err(WRONGPASS);
    conn.user = name;
    return OK;
  },
};

/** ACL and AUTH, for the default command set. */
export const aclCommands: CommandSpec[] = [acl, auth];
