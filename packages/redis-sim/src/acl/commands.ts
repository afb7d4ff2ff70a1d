import { helpSubcommand } from '../commands/help.ts';
import { arg, type CommandSpec } from '../commands/types.ts';
import { OK, SYNTAX, arityError, err, subcommandSyntaxError } from '../errors.ts';
import { recordedSpec } from '../commands/recorded.ts';
import { arityFits } from '../commands/types.ts';
import { aclVerdict } from './check.ts';
import { CATEGORY_ORDER, categoryName, commandsIn, describeCommandBits } from './command-bits.ts';
import { describePattern, describeUser, userFlags } from './describe.ts';
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

/**
 * ACL GETUSER name: the user's flags, password hashes, command rules, key patterns and
 * channels, as 7.0 answers it (nil for no such user; no selectors beside the root one).
 */
const getuser: CommandSpec = {
  name: 'acl|getuser',
  arity: 3,
  flags: ['admin', 'noscript'],
  run: ({ host }, args) => {
    const u = host.acl.get(arg(args, 2));
    if (!u) return null;
    return [
      'flags',
      userFlags(u),
      'passwords',
      [...u.passwords],
      'commands',
      describeCommandBits(u).join(' '),
      'keys',
      u.allKeys ? '~*' : u.keys.map(describePattern).join(' '),
      'channels',
      u.allChannels ? '&*' : u.channels.map((c) => `&${c}`).join(' '),
      'selectors',
      [],
    ];
  },
};

/** ACL CAT [category]: every category in 7.0's order, or every real command in one. */
const cat: CommandSpec = {
  name: 'acl|cat',
  arity: -2,
  flags: ['noscript'],
  run: (_ctx, args) => {
    if (args.length > 3) return subcommandSyntaxError(args);
    if (args.length === 2) return [...CATEGORY_ORDER];
    const category = categoryName(arg(args, 2));
    if (category === null) return err(`ERR Unknown category '${arg(args, 2).slice(0, 128)}'`);
    return commandsIn(category);
  },
};

/**
 * ACL DRYRUN user command [arg …]: whether the user could run the call, without running it;
 * the refusal as a bulk string naming the command or the key (a real 7.0 command the
 * simulator does not model is judged by its recorded metadata, as `redis.acl_check_cmd` is).
 */
const dryrun: CommandSpec = {
  name: 'acl|dryrun',
  arity: -4,
  flags: ['admin', 'noscript'],
  run: ({ host }, args) => {
    const u = host.acl.get(arg(args, 2));
    if (!u) return err(`ERR User '${arg(args, 2)}' not found`);
    const call = args.slice(3);
    const found = host.commands.lookup(call);
    const spec = 'spec' in found ? found.spec : recordedSpec(call);
    if (!spec) return err(`ERR Command '${arg(args, 3)}' not found`);
    if (!arityFits(spec, call.length)) {
      return err(`ERR wrong number of arguments for '${spec.name}' command`);
    }
    const verdict = aclVerdict(u, spec, call);
    if (verdict === null) return OK;
    return verdict.denied === 'command'
      ? `This user has no permissions to run the '${spec.name}' command`
      : `This user has no permissions to access the '${call[verdict.index] ?? ''}' key`;
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
    ['getuser', getuser],
    ['cat', cat],
    ['dryrun', dryrun],
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
