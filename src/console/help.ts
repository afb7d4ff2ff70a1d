/**
 * The console's HELP, in redis-cli's layout (cliOutputCommandHelp, without its colours) and
 * from the real server's own COMMAND DOCS (recorded from 7.0.15), limited to what the
 * simulated server answers: `HELP` lists those commands by group, `HELP <command>` and
 * `HELP @<group>` print their entries.
 */
import docs from '@batch-lease/redis-sim/fixtures/command-help.json' with { type: 'json' };
import type { SimServer } from '@batch-lease/redis-sim';

interface HelpEntry {
  params: string;
  summary: string;
  since: string | null;
  group: string | null;
}

const HELP = docs.help as Record<string, HelpEntry>;

/** The lines for one native command, which a real server's docs do not have. */
const NATIVE_HELP: Record<string, HelpEntry> = {
  'EMQ.EXTENDS': {
    params: 'numkeys active base lease id token [id token ...]',
    summary:
      "Extend many leases under one clock read (the EchoMQ module's native twin of extend_locks2.lua)",
    since: null,
    group: 'module',
  },
  'EMQ.EXTEND': {
    params: 'numkeys active row lease id token',
    summary: "Extend one lease (the EchoMQ module's native twin of extend_lock2.lua)",
    since: null,
    group: 'module',
  },
};

/** Whether the server answers `full` ("SET", "SCRIPT LOAD"). */
function simulated(server: SimServer, full: string): boolean {
  const found = server.commands.lookup(full.split(' '));
  return !('unknown' in found) && found.spec.name === full.toLowerCase().replace(' ', '|');
}

/** Every help entry of a command the server answers, by full name ("CLIENT SETNAME"). */
export function helpEntries(server: SimServer): Array<[string, HelpEntry]> {
  const all = { ...HELP, ...NATIVE_HELP };
  return Object.entries(all)
    .filter(([full]) => simulated(server, full))
    .sort(([a], [b]) => a.localeCompare(b));
}

function entryLines(full: string, e: HelpEntry, withGroup: boolean): string[] {
  const lines = ['', `  ${full} ${e.params}`, `  summary: ${e.summary}`];
  if (e.since) lines.push(`  since: ${e.since}`);
  if (withGroup && e.group) lines.push(`  group: ${e.group}`);
  return lines;
}

/** What HELP with `words` after it prints. */
export function helpLines(server: SimServer, words: readonly string[]): string[] {
  const entries = helpEntries(server);
  if (words.length === 0) {
    const groups = new Map<string, string[]>();
    for (const [full, e] of entries) {
      const g = e.group ?? 'other';
      groups.set(g, [...(groups.get(g) ?? []), full]);
    }
    return [
      'The simulated Redis 7.0 server answers these commands (anything else says it is not simulated):',
      ...[...groups].map(([g, names]) => `  @${g}: ${names.join(', ')}`),
      'Type "HELP <command>" for its syntax, "HELP @<group>" for a group, CLEAR to empty the log.',
      'Console keys: ↑/↓ history, Tab completes a command name.',
    ];
  }
  const first = words[0]!;
  if (first.startsWith('@')) {
    const group = first.slice(1).toLowerCase();
    return [
      ...entries.filter(([, e]) => e.group === group).flatMap(([f, e]) => entryLines(f, e, false)),
      '',
    ];
  }
  // as redis-cli: every entry whose leading words are the ones given
  const asked = words.map((w) => w.toUpperCase());
  const matches = entries.filter(([full]) => {
    const parts = full.split(' ');
    return asked.length <= parts.length && asked.every((w, i) => parts[i] === w);
  });
  const lines = [...matches.flatMap(([f, e]) => entryLines(f, e, true)), ''];
  if (matches.length === 0 && HELP[asked.join(' ')]) {
    lines.unshift(`${asked.join(' ')} is a Redis command the simulator does not model.`);
  }
  return lines;
}

/** The names Tab completes: every simulated command and subcommand, upper case, as redis-cli lists them. */
export function completionNames(server: SimServer): string[] {
  return [...helpEntries(server).map(([full]) => full), 'HELP', 'CLEAR'];
}
