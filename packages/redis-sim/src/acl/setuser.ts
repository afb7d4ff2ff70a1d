import { recordedCommand, recordedSubcommands } from '../commands/recorded.ts';
import { addFirstArg, categoryName, changePerm, setAll, setCategory } from './command-bits.ts';
import type { CommandLookup } from '../commands/types.ts';
import { sha256Hex } from './sha256.ts';
import { newUser, type AclUser } from './users.ts';

/** Redis's ACLStringHasSpaces: C isspace() or a NUL. */
export const HAS_SPACES = /[ \t\n\v\f\r\0]/;

const UNKNOWN_RULE = 'Unknown command or category name in ACL';
const SYNTAX = 'Syntax error';
const AFTER_ALLKEYS =
  "Adding a pattern after the * pattern (or the 'allkeys' flag) is not valid and does not have " +
  "any effect. Try 'resetkeys' to start with an empty list of patterns";

/** `ERR Error in ACL SETUSER modifier '<op>': <why>`, Redis 7.0's form for a refused modifier. */
export function modifierError(op: string, why: string): string {
  return `ERR Error in ACL SETUSER modifier '${op}': ${why}`;
}

/**
 * Applies ACL SETUSER modifiers to `user` in order, as Redis 7.0 does, and
 * answers the error text of the first one refused (null when all applied). The
 * caller applies them to a copy, so a refusal leaves the user as it was.
 */
export function applyModifiers(
  user: AclUser,
  ops: readonly string[],
  commands: CommandLookup,
): string | null {
  for (const op of ops) {
    const why = applyOne(user, op, commands);
    if (why !== null) return modifierError(op, why);
  }
  return null;
}

function applyOne(u: AclUser, op: string, commands: CommandLookup): string | null {
  const word = op.toLowerCase();
  switch (word) {
    case 'on':
      u.enabled = true;
      return null;
    case 'off':
      u.enabled = false;
      return null;
    case 'nopass':
      u.nopass = true;
      u.passwords = [];
      return null;
    case 'resetpass':
      u.nopass = false;
      u.passwords = [];
      return null;
    case 'sanitize-payload':
    case 'skip-sanitize-payload':
      u.sanitize = word;
      return null;
    case 'allkeys':
    case '~*':
      u.allKeys = true;
      u.keys = [];
      return null;
    case 'resetkeys':
      u.allKeys = false;
      u.keys = [];
      return null;
    case 'allchannels':
    case '&*':
      u.allChannels = true;
      u.channels = [];
      return null;
    case 'resetchannels':
      u.allChannels = false;
      u.channels = [];
      return null;
    case 'allcommands':
    case '+@all':
      setAll(u, true);
      return null;
    case 'nocommands':
    case '-@all':
      setAll(u, false);
      return null;
    case 'clearselectors':
      return null;
    case 'reset':
      // reset is a new user, except that it also turns sanitize-payload on
      Object.assign(u, { ...newUser(u.name), sanitize: 'sanitize-payload' });
      return null;
  }
  const head = op[0];
  const rest = op.slice(1);
  if (head === '>') {
    const h = sha256Hex(rest);
    if (!u.passwords.includes(h)) u.passwords.push(h);
    u.nopass = false;
    return null;
  }
  if (head === '#') {
    if (!/^[0-9a-f]{64}$/.test(rest)) {
      return 'The password hash must be exactly 64 characters and contain only lowercase hexadecimal characters';
    }
    if (!u.passwords.includes(rest)) u.passwords.push(rest);
    u.nopass = false;
    return null;
  }
  if (head === '<' || head === '!') {
    const h = head === '<' ? sha256Hex(rest) : rest;
    if (head === '!' && !/^[0-9a-f]{64}$/.test(rest)) {
      return 'The password hash must be exactly 64 characters and contain only lowercase hexadecimal characters';
    }
    const at = u.passwords.indexOf(h);
    if (at < 0) return 'The password you are trying to remove from the user does not exist';
    u.passwords.splice(at, 1);
    return null;
  }
  if (head === '~' || head === '%') return addKeyPattern(u, op);
  if (head === '&') {
    if (u.allChannels) {
      return "Adding a pattern after the * pattern (or the 'allchannels' flag) is not valid and does not have any effect. Try 'resetchannels' to start with an empty list of channels";
    }
    if (HAS_SPACES.test(rest)) return SYNTAX;
    if (!u.channels.includes(rest)) u.channels.push(rest);
    return null;
  }
  if (head === '(') return 'the simulator does not model selectors';
  if (head === '+' || head === '-') return setCommandRule(u, head === '+', rest, commands);
  return SYNTAX;
}

/** `~p`, `%R~p`, `%W~p`, `%RW~p`: a pattern with its flags, merged into an equal pattern already listed. */
function addKeyPattern(u: AclUser, op: string): string | null {
  if (u.allKeys) return AFTER_ALLKEYS;
  let read = true;
  let write = true;
  let offset = 1;
  if (op[0] === '%') {
    read = false;
    write = false;
    for (; offset < op.length; offset++) {
      const c = (op[offset] ?? '').toUpperCase();
      if (c === 'R' && !read) read = true;
      else if (c === 'W' && !write) write = true;
      else if (c === '~') {
        offset++;
        break;
      } else return SYNTAX;
    }
    if (!read && !write) return SYNTAX;
  }
  const pattern = op.slice(offset);
  if (HAS_SPACES.test(pattern)) return SYNTAX;
  if (pattern === '*' && read && write) {
    u.allKeys = true;
    u.keys = [];
    return null;
  }
  const same = u.keys.find((k) => k.pattern === pattern);
  if (same) {
    same.read ||= read;
    same.write ||= write;
  } else {
    u.keys.push({ pattern, read, write });
  }
  return null;
}

/**
 * ACLLookupCommand: a command or subcommand by its full name (at most two parts, the second
 * only of a container), in the simulator's table (a module's commands too) or, for a real 7.0
 * command it does not model, in the recorded catalogue; with its subcommands' full names.
 */
function lookupCommand(
  fullName: string,
  commands: CommandLookup,
): { name: string; sub: boolean; container: boolean; subs: string[] } | null {
  const recorded = recordedCommand(fullName);
  if (recorded) return { ...recorded, subs: recordedSubcommands(recorded.name) };
  const parts = fullName.split('|');
  if (parts.length > 2) return null;
  const found = commands.lookup(parts);
  const spec = 'spec' in found ? found.spec : undefined;
  // a plain command looked up with a second part is not found (lookupCommandLogic's strict)
  if (!spec || (parts.length === 2 && !spec.name.includes('|'))) return null;
  const subs = [...(spec.subcommands?.values() ?? [])].map((s) => s.name);
  return { name: spec.name, sub: spec.name.includes('|'), container: !!spec.subcommands, subs };
}

/**
 * `+name`, `-name`, `+container|sub`, `+name|first-arg`, `+@category`, `-@category`, as
 * ACLSetSelector reads them: any real 7.0 command may be named, modelled or not.
 */
function setCommandRule(
  u: AclUser,
  allow: boolean,
  name: string,
  commands: CommandLookup,
): string | null {
  if (name.startsWith('@')) {
    const category = categoryName(name.slice(1));
    if (category === null) return UNKNOWN_RULE;
    setCategory(u, category, allow);
    return null;
  }
  const lower = name.toLowerCase();
  const bar = lower.lastIndexOf('|');
  if (allow && bar >= 0) {
    // split at the last bar: a subcommand of a container, or a first argument of a command
    const base = lookupCommand(lower.slice(0, bar), commands);
    if (!base) return UNKNOWN_RULE;
    if (base.sub) return 'Allowing first-arg of a subcommand is not supported';
    if (bar === lower.length - 1) return SYNTAX;
    if (!base.container) {
      addFirstArg(u, base.name, name.slice(bar + 1));
      return null;
    }
  }
  const found = lookupCommand(lower, commands);
  if (!found) return UNKNOWN_RULE;
  changePerm(u, found.name, found.subs, allow);
  return null;
}
