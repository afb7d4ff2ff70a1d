import type { CommandSpec } from './types.ts';

/** How many as-sent command names a table remembers. */
const AS_SENT_LIMIT = 256;

/**
 * The commands a server answers, by lowercase name. Each server owns its own table, so a
 * module registers commands on one server without touching another.
 */
export class CommandTable {
  private readonly byName = new Map<string, CommandSpec>();
  /**
   * Command names as sent (any case) whose lowercase form is in {@link byName}: a script that
   * calls HGET 10,000 times looks its name up once, not lowercases it 10,000 times. Bounded,
   * since a caller may send any number of differently cased names.
   */
  private readonly asSent = new Map<string, CommandSpec>();

  constructor(specs: Iterable<CommandSpec> = []) {
    for (const s of specs) this.register(s);
  }

  register(spec: CommandSpec): void {
    this.byName.set(spec.name.toLowerCase(), spec);
    this.asSent.clear();
  }

  private byNameAsSent(name: string): CommandSpec | undefined {
    let spec = this.asSent.get(name);
    if (spec === undefined) {
      spec = this.byName.get(name.toLowerCase());
      if (spec !== undefined && this.asSent.size < AS_SENT_LIMIT) this.asSent.set(name, spec);
    }
    return spec;
  }

  /** The command for `args` (a subcommand when args[0] is a container), or a reason it is not found. */
  lookup(
    args: readonly string[],
  ): { spec: CommandSpec } | { unknown: 'command' } | { unknown: 'subcommand'; container: string } {
    const spec = this.find(args);
    if (spec) return { spec };
    // not found: a second look (off the hot path) tells an unknown command from a subcommand
    const base = this.byNameAsSent(args[0] ?? '');
    return base ? { unknown: 'subcommand', container: base.name } : { unknown: 'command' };
  }

  /**
   * The command for `args`, or undefined for an unknown command or subcommand alike (all a
   * script's caller tells apart): the one search, without building a result object, which
   * redis.call's path uses directly and {@link lookup} builds on.
   */
  find(args: readonly string[]): CommandSpec | undefined {
    const base = this.byNameAsSent(args[0] ?? '');
    if (!base || !base.subcommands || args.length < 2) return base;
    return base.subcommands.get((args[1] ?? '').toLowerCase());
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  clone(): CommandTable {
    return new CommandTable(this.byName.values());
  }
}
