import { err } from '../errors.ts';
import type { AccessCheck } from '../commands/types.ts';
import { checkCommand } from './check.ts';

/**
 * The ACL layer as the server's access hook: the connection's user against
 * the command and its keys, at top level or through redis.call.
 */
export const aclAuthorize: AccessCheck = ({ conn, users, spec, args, inScript }) => {
  const user = users.get(conn.user);
  if (!user) {
    // Redis closes the connections of a deleted user; this one cannot send any more
    return err(
      `ERR this connection's user '${conn.user}' no longer exists (a real server would have closed the connection)`,
    );
  }
  return checkCommand(user, spec, args, inScript);
};
