/**
 * DEBUG and MODULE as a real 7.0.15 with its default configuration answers them. DEBUG and
 * MODULE LOAD, LOADEX and UNLOAD are protected commands, and `enable-debug-command` and
 * `enable-module-command` are `no` by default, so every client is refused them, right after
 * their arity is checked and before anything else (processCommand); scripts may not send them.
 * MODULE HELP prints its help. MODULE LIST is left to the simulator's refusal of what it does
 * not model: a real server lists the modules it loaded, with their versions and paths, which
 * the simulator's modules do not have.
 */
import { err, type ErrorReply } from '../errors.ts';
import { helpSubcommand } from './help.ts';
import type { CommandSpec } from './types.ts';

/** A protected command's refusal, in processCommand's words, for DEBUG or MODULE. */
export function protectedRefusal(fullName: string): ErrorReply {
  const debug = fullName === 'debug';
  return err(
    `ERR ${debug ? 'DEBUG' : 'MODULE'} command not allowed. If the ` +
      `${debug ? 'enable-debug-command' : 'enable-module-command'} option is set to "local", ` +
      'you can run it from a local connection, otherwise you need to set this option in the ' +
      'configuration file, and then restart the server.',
  );
}

/** A command the dispatcher refuses after its arity: `run` is never reached. */
function refused(name: string, arity: number): CommandSpec {
  return {
    name,
    arity,
    flags: ['admin', 'noscript', 'protected'],
    run: () => protectedRefusal(name),
  };
}

/** DEBUG <subcommand> [argument ...]. */
export const debugCommand: CommandSpec = refused('debug', -2);

/** MODULE: HELP answered, LOAD, LOADEX and UNLOAD refused as protected. */
export const moduleCommand: CommandSpec = {
  name: 'module',
  arity: -2,
  flags: ['container'],
  subcommands: new Map([
    ['help', helpSubcommand('module')],
    ['load', refused('module|load', -3)],
    ['loadex', refused('module|loadex', -3)],
    ['unload', refused('module|unload', 3)],
  ]),
  run: () => err('ERR unknown subcommand'),
};
