import { aclCommands } from '../acl/commands.ts';
import { connectionCommands } from './connection-commands.ts';
import { configCommand } from './config.ts';
import { counterCommands } from './counters.ts';
import { expiryCommands } from './expiry.ts';
import { hashCommands } from './hashes.ts';
import { introspectionCommands } from './introspection.ts';
import { genericCommands } from './generic.ts';
import { keyAndStringCommands } from './keys-and-strings.ts';
import { listCommands } from './lists.ts';
import { blockingListCommands } from './lists-blocking.ts';
import { listEditCommands } from './list-edits.ts';
import { hashExtraCommands } from './hash-extras.ts';
import { objectCommand } from './object.ts';
import { debugCommand, moduleCommand } from './protected.ts';
import { scanCommands } from './scan.ts';
import { serverCommands } from './server-commands.ts';
import { setCommands } from './sets.ts';
import { sortCommands } from './sort.ts';
import { stringCommands } from './strings.ts';
import { transactionCommands } from './transactions.ts';
import type { CommandSpec } from './types.ts';
import { zrangeCommands } from './zrange.ts';
import { zsetAlgebraCommands } from './zset-algebra.ts';
import { zsetBlockingCommands } from './zset-blocking.ts';
import { zsetPopCommands } from './zset-pops.ts';
import { zsetRemoveCommands } from './zset-remove.ts';
import { zsetCommands } from './zsets.ts';

/**
 * Redis's own commands that need nothing above the core. Scripting (EVAL, EVALSHA, SCRIPT)
 * needs the Lua engine and joins them in create-server.ts, as a module's commands do.
 */
export const DEFAULT_COMMANDS: readonly CommandSpec[] = [
  ...keyAndStringCommands,
  ...stringCommands,
  ...genericCommands,
  ...sortCommands,
  ...counterCommands,
  ...expiryCommands,
  ...scanCommands,
  ...hashCommands,
  ...hashExtraCommands,
  ...zsetCommands,
  ...zrangeCommands,
  ...zsetRemoveCommands,
  ...zsetAlgebraCommands,
  ...zsetPopCommands,
  ...zsetBlockingCommands,
  ...setCommands,
  objectCommand,
  ...listCommands,
  ...blockingListCommands,
  ...listEditCommands,
  ...serverCommands,
  configCommand,
  ...connectionCommands,
  ...transactionCommands,
  ...introspectionCommands,
  ...aclCommands,
  debugCommand,
  moduleCommand,
];
