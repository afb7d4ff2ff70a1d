import type { AclUser } from './users.ts';

/**
 * A user as one ACL LIST line, in Redis 7.0's order: flags, password hashes,
 * key patterns, channels, then command rules. The command exceptions after
 * `+@all`/`-@all` are listed in the order they were set: Redis 7.0 lists them
 * in its command dict's order, which its random hash seed changes at every
 * start, so no one order is the real one.
 */
export function describeUser(u: AclUser): string {
  const parts = ['user', u.name, u.enabled ? 'on' : 'off'];
  if (u.nopass) parts.push('nopass');
  if (u.sanitize) parts.push(u.sanitize);
  for (const h of u.passwords) parts.push(`#${h}`);
  if (u.allKeys) parts.push('~*');
  for (const k of u.keys) {
    const flags = k.read && k.write ? '' : k.read ? '%R' : '%W';
    parts.push(`${flags}~${k.pattern}`);
  }
  if (u.allChannels) parts.push('&*');
  else {
    parts.push('resetchannels');
    for (const c of u.channels) parts.push(`&${c}`);
  }
  parts.push(u.allCommands ? '+@all' : '-@all');
  for (const [name, allow] of u.commandRules) parts.push(`${allow ? '+' : '-'}${name}`);
  return parts.join(' ');
}
