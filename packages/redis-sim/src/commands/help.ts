/**
 * The HELP subcommands of the containers the simulator answers (ACL, CLIENT, COMMAND,
 * FUNCTION; SCRIPT keeps its own text beside its subcommands): 7.0.15's own lines, recorded
 * from the real server, each answered as a status line as addReplyHelp writes it.
 */
import recorded from '../../fixtures/subcommand-help.json' with { type: 'json' };
import { helpReply } from '../errors.ts';
import type { CommandFlag, CommandSpec } from './types.ts';

/** The containers whose HELP text was recorded. */
export type HelpContainer = keyof typeof recorded.help;

/** `<container> HELP`: arity 2, with the flags 7.0.15 gives it. */
export function helpSubcommand(
  container: HelpContainer,
  flags: readonly CommandFlag[] = [],
): CommandSpec {
  const lines = recorded.help[container];
  return { name: `${container}|help`, arity: 2, flags, run: () => helpReply(lines) };
}
