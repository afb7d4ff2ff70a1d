import { aclCommands } from '../acl/commands.ts';
import { hashCommands } from './hashes.ts';
import { keyAndStringCommands } from './keys-and-strings.ts';
import { listCommands } from './lists.ts';
import { scriptingCommands } from './scripting.ts';
import { serverCommands } from './server-commands.ts';
import type { CommandSpec } from './types.ts';
import { zsetCommands } from './zsets.ts';

/** Every command a fresh simulated server answers. */
export const DEFAULT_COMMANDS: readonly CommandSpec[] = [
  ...keyAndStringCommands,
  ...hashCommands,
  ...zsetCommands,
  ...listCommands,
  ...serverCommands,
  ...scriptingCommands,
  ...aclCommands,
];
