/**
 * Redis 7 ACL users, as a subset: one root selector per user (no `(…)`
 * selectors), command rules by command and subcommand with `@all` as the only
 * category, key patterns with read/write flags, and passwords kept as SHA-256.
 */

/** One key pattern and the permissions it grants (`~p` grants both). */
export interface KeyPattern {
  pattern: string;
  read: boolean;
  write: boolean;
}

/** A user as ACL SETUSER leaves it. */
export interface AclUser {
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
  /** `+@all` (true) or `-@all` (false): the base every command starts from */
  allCommands: boolean;
  /**
   * Exceptions to the base, by lowercase full name (`get`, `script|load`), in
   * the order they were last set. A rule that matches what it would inherit is
   * not kept, so the list stays minimal as Redis's own description is.
   */
  commandRules: Map<string, boolean>;
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
