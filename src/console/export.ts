/**
 * The console's "take it to a real server": the simulated server's state as the redis-cli
 * command lines that rebuild it, one per line, each argument quoted the way redis-cli's own
 * parser reads it back. Piped into `redis-cli` (or pasted at its prompt) they load the same
 * keyspace, the same users and the lesson's scripts into a real Valkey or Redis.
 */
import { describeUser, type SimServer } from '@batch-lease/redis-sim';
import { formatDouble } from '@batch-lease/redis-sim/client';
import { BATCH_SOURCE, SINGLE_SOURCE } from '@batch-lease/echomq';
import { cliLine } from './cli-line.ts';

/**
 * The lines that rebuild `server`: each key in creation order with one write (HSET, ZADD,
 * RPUSH or SET, so a sorted set is created at the size it has and keeps its encoding), its
 * time to live as PEXPIRE (relative, since the page's clock is not the real server's), the
 * users other than `default` as ACL SETUSER, and SCRIPT LOAD of both lesson scripts and of any
 * other script the server has cached.
 */
export function exportCommands(server: SimServer): string[] {
  const ks = server.keyspace;
  const now = server.now();
  // a key whose time has come is gone, even if no command has looked since
  ks.purgeExpired(now);
  const lines: string[] = [];
  for (const key of ks.keys()) {
    const v = ks.get(key);
    if (!v) continue;
    if (v.type === 'string') lines.push(cliLine(['SET', key, v.value]));
    else if (v.type === 'hash') lines.push(cliLine(['HSET', key, ...[...v.fields].flat()]));
    else if (v.type === 'list') lines.push(cliLine(['RPUSH', key, ...v.items]));
    else if (v.type === 'set') lines.push(cliLine(['SADD', key, ...v.set.members()]));
    else {
      const z = v.zset;
      lines.push(
        cliLine(['ZADD', key, ...z.members().flatMap((m) => [formatDouble(z.score(m) ?? 0), m])]),
      );
    }
    const at = ks.expireAt(key);
    if (at !== undefined) lines.push(cliLine(['PEXPIRE', key, String(Math.max(1, at - now))]));
  }
  for (const user of server.acl.list()) {
    if (user.name === 'default') continue;
    const rules = describeUser(user).split(' ').slice(2);
    lines.push(cliLine(['ACL', 'SETUSER', user.name, 'reset', ...rules]));
  }
  lines.push(cliLine(['SCRIPT', 'LOAD', BATCH_SOURCE]), cliLine(['SCRIPT', 'LOAD', SINGLE_SOURCE]));
  // any other script the server holds (the learner's edit the stepper ran), so its EVALSHA works
  for (const body of server.scripts.values())
    if (body !== BATCH_SOURCE && body !== SINGLE_SOURCE)
      lines.push(cliLine(['SCRIPT', 'LOAD', body]));
  return lines;
}
