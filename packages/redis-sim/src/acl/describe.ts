import { describeCommandBits } from './command-bits.ts';
import type { AclUser, KeyPattern } from './users.ts';

/** A user's flags, in ACLUserFlags' order: on or off, nopass, and the payload sanitizing. */
export function userFlags(u: AclUser): string[] {
  const flags = [u.enabled ? 'on' : 'off'];
  if (u.nopass) flags.push('nopass');
  if (u.sanitize) flags.push(u.sanitize);
  return flags;
}

/** A key pattern as ACL writes it back (sdsCatPatternString): `~p`, `%R~p` or `%W~p`. */
export const describePattern = (k: KeyPattern): string =>
  `${k.read && k.write ? '' : k.read ? '%R' : '%W'}~${k.pattern}`;

/**
 * A user as one ACL LIST line, in Redis 7.0's order: flags, password hashes,
 * key patterns, channels, then command rules as Redis 7.0 describes its
 * command bits (command-bits.ts).
 */
export function describeUser(u: AclUser): string {
  const parts = ['user', u.name, ...userFlags(u)];
  for (const h of u.passwords) parts.push(`#${h}`);
  if (u.allKeys) parts.push('~*');
  for (const k of u.keys) parts.push(describePattern(k));
  if (u.allChannels) parts.push('&*');
  else {
    parts.push('resetchannels');
    for (const c of u.channels) parts.push(`&${c}`);
  }
  parts.push(...describeCommandBits(u));
  return parts.join(' ');
}
