/**
 * Redis 7 ACL users, as a subset: one root selector per user (no `(…)`
 * selectors), command bits by command and subcommand set by names and categories
 * (command-bits.ts), key patterns with read/write flags, and passwords kept as SHA-256.
 */

/** A user's command bits (or the describer's scratch copies): see acl/command-bits.ts. */
export interface CommandBits {
  /** the bit `+@all` (true) or `-@all` (false) last set everywhere: every unnamed command's */
  allCommands: boolean;
  /** the commands whose bit differs from {@link allCommands}, by lowercase full name */
  commandRules: Map<string, boolean>;
  /** the first arguments allowed of a command whose bit is off, by its full name, as typed */
  firstArgs: Map<string, string[]>;
}

/** One key pattern and the permissions it grants (`~p` grants both). */
export interface KeyPattern {
  pattern: string;
  read: boolean;
  write: boolean;
}

/** A user as ACL SETUSER leaves it. */
export interface AclUser extends CommandBits {
  name: string;
  enabled: boolean;
  nopass: boolean;
  /** SHA-256 hex of each password, in the order they were added */
  passwords: string[];
  sanitize: 'sanitize-payload' | 'skip-sanitize-payload' | null;
  allKeys: boolean;
  keys: KeyPattern[];
  allChannels: boolean;
  channels: string[];
}

/** A fresh user as ACL SETUSER creates it: off, no password, no keys, no commands. */
export function newUser(name: string): AclUser {
  return {
    name,
    enabled: false,
    nopass: false,
    passwords: [],
    sanitize: null,
    allKeys: false,
    keys: [],
    allChannels: false,
    channels: [],
    allCommands: false,
    commandRules: new Map(),
    firstArgs: new Map(),
  };
}

/** The `default` user of a server started without configuration: `on nopass ~* &* +@all`. */
export function defaultUser(): AclUser {
  return {
    ...newUser('default'),
    enabled: true,
    nopass: true,
    allKeys: true,
    allChannels: true,
    allCommands: true,
  };
}

/** A copy of `u` that shares nothing with it (a server's clone or snapshot keeps its users). */
export function cloneUser(u: AclUser): AclUser {
  return {
    ...u,
    passwords: [...u.passwords],
    keys: u.keys.map((k) => ({ ...k })),
    channels: [...u.channels],
    commandRules: new Map(u.commandRules),
    firstArgs: new Map([...u.firstArgs].map(([name, args]) => [name, [...args]])),
  };
}

/** The users of one server, by name. */
export class AclRegistry {
  private readonly users = new Map<string, AclUser>();

  constructor(users: Iterable<AclUser> = [defaultUser()]) {
    for (const u of users) this.users.set(u.name, cloneUser(u));
  }

  get(name: string): AclUser | undefined {
    return this.users.get(name);
  }

  set(user: AclUser): void {
    this.users.set(user.name, user);
  }

  delete(name: string): boolean {
    return this.users.delete(name);
  }

  /** Every user, sorted by name as Redis lists them (byte order). */
  list(): AclUser[] {
    return [...this.users.values()].sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
  }

  clone(): AclRegistry {
    return new AclRegistry(this.users.values());
  }
}
