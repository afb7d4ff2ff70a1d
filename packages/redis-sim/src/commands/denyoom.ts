/**
 * Which commands may add memory (Redis's `denyoom` flag), read from what 7.0.15's COMMAND INFO
 * says of each command (`fixtures/command-catalogue.json`), so the simulator's list is the
 * real one; a module's command says so in its own flags. EVAL, EVALSHA and FCALL take the flag
 * from their script's declared flags, as getCommandFlags does.
 */
import { recordedFlagTest } from './recorded.ts';
import type { CommandHost, CommandSpec } from './types.ts';

const recordedDenyoom = recordedFlagTest('denyoom');

/** Whether `spec` carries `denyoom` by itself (in 7.0.15's metadata, or a module's flags). */
export const flaggedDenyoom = (spec: CommandSpec): boolean =>
  (spec.flags as readonly string[]).includes('denyoom') || recordedDenyoom(spec);

/**
 * Whether this call of `spec` is denyoom: a script with declared flags is, unless it says
 * `allow-oom` or `no-writes` (scriptFlagsToCmdFlags); a script without (compatibility mode) or
 * not found has its command's own flags.
 */
export function isDenyoom(spec: CommandSpec, host: CommandHost, args: readonly string[]): boolean {
  const declared = spec.scriptFlags?.(host, args) ?? null;
  return declared === null ? flaggedDenyoom(spec) : declaredDenyoom(declared);
}

/** Whether a script that declares `flags` may add memory: unless `allow-oom` or `no-writes`. */
export const declaredDenyoom = (flags: readonly string[]): boolean =>
  !flags.includes('allow-oom') && !flags.includes('no-writes');
