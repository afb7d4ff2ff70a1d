import type { CommandSpec } from './types.ts';

/**
 * The commands a server answers, by lowercase name. Each server owns its own
 * table, so a later layer (the native twin) registers commands on one server
 * without touching another.
 */
export class CommandTable {
  private readonly byName = new Map<string, CommandSpec>();

  constructor(specs: Iterable<CommandSpec> = []) {
    for (const s of specs) this.register(s);
  }

  register(spec: CommandSpec): void {
    this.byName.set(spec.name.toLowerCase(), spec);
  }

  /** The command for `args` (a subcommand when args[0] is a container), or a reason it is not found. */
  lookup(
    args: readonly string[],
  ): { spec: CommandSpec } | { unknown: 'command' } | { unknown: 'subcommand'; container: string } {
    const base = this.byName.get((args[0] ?? '').toLowerCase());
    if (!base) return { unknown: 'command' };
    if (!base.subcommands || args.length < 2) return { spec: base };
    const sub = base.subcommands.get((args[1] ?? '').toLowerCase());
    if (!sub) return { unknown: 'subcommand', container: base.name };
    return { spec: sub };
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  clone(): CommandTable {
    return new CommandTable(this.byName.values());
  }
}
