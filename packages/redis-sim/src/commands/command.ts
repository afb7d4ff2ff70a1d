/**
 * COMMAND and its subcommands (COUNT, LIST with FILTERBY, INFO, DOCS, GETKEYS, HELP): what the
 * server models, described with the real server's own metadata. INFO and DOCS answer from
 * what 7.0.15 said of every command (`fixtures/command-catalogue.json`,
 * `fixtures/command-docs.json`), a container's subcommands narrowed to the modelled ones, so
 * a command added to the simulator is described without more work; a command only the
 * simulator has (a module's) is described from its spec.
 */
import recordedDocs from '../../fixtures/command-docs.json' with { type: 'json' };
import { SYNTAX, arityError, err, status } from '../errors.ts';
import { globMatch } from '../glob.ts';
import type { Reply } from '../trace-types.ts';
import { helpSubcommand } from './help.ts';
import { ACL_CATEGORIES, categoriesOf, hasRecordedFlag, recordedEntry } from './recorded.ts';
import { arityFits, type CommandHost, type CommandSpec } from './types.ts';

const DOCS = recordedDocs.docs as Record<string, Reply>;

/**
 * The command a full name means (lookupCommandBySds): `get`, or `script|load` for a
 * subcommand, in any case; null for an unknown one, a bar after a plain command's name, or a
 * container's name with a subcommand it does not model.
 */
function byFullName(host: CommandHost, name: string): CommandSpec | null {
  const bar = name.indexOf('|');
  const found = host.commands.lookup(bar < 0 ? [name] : [name.slice(0, bar), name.slice(bar + 1)]);
  if ('unknown' in found) return null;
  // `script` alone with a subcommand's name, or a bar in a plain command's: no such command
  return bar >= 0 !== found.spec.name.includes('|') ? null : found.spec;
}

/** Every modelled command and subcommand, as COMMAND LIST names them (a container, then its own). */
function allSpecs(host: CommandHost): CommandSpec[] {
  return host.commands.names().flatMap((n) => {
    const spec = byFullName(host, n);
    if (!spec) return [];
    return [spec, ...(spec.subcommands ? spec.subcommands.values() : [])];
  });
}

/** The recorded COMMAND DOCS entry of `spec`: a subcommand's is in its container's `subcommands` map. */
function docsEntry(spec: CommandSpec): Reply[] | null {
  const bar = spec.name.indexOf('|');
  if (bar < 0) {
    const own = DOCS[spec.name];
    return Array.isArray(own) ? own : null;
  }
  const parent = DOCS[spec.name.slice(0, bar)];
  const subs = Array.isArray(parent) ? subcommandsOf(parent) : null;
  if (!subs) return null;
  // DOCS lists subcommands as a map: name, entry, name, entry, …
  const at = subs.indexOf(spec.name);
  const entry = at >= 0 && at % 2 === 0 ? subs[at + 1] : undefined;
  return Array.isArray(entry) ? entry : null;
}

/** A DOCS entry's `subcommands` map (name, entry, …), if it has one. */
function subcommandsOf(docs: readonly Reply[]): Reply[] | null {
  for (let i = 0; i + 1 < docs.length; i += 2) {
    const v = docs[i + 1];
    if (docs[i] === 'subcommands' && Array.isArray(v)) return v;
  }
  return null;
}

/** Whether `full` (`script|load`) is one of `spec`'s modelled subcommands. */
const modelledSub = (spec: CommandSpec, full: Reply): boolean =>
  spec.subcommands?.has(String(full).split('|')[1] ?? '') ?? false;

/**
 * COMMAND INFO's entry for a command this server answers: the recorded one, its subcommands
 * narrowed to the modelled ones; for a module's command, one built from its spec.
 */
function commandInfo(spec: CommandSpec): Reply {
  const entry = recordedEntry(spec.name);
  if (entry) {
    const copy = [...entry];
    const listed = copy[9];
    if (spec.subcommands && Array.isArray(listed)) {
      copy[9] = listed.filter((s) => Array.isArray(s) && modelledSub(spec, s[0] ?? null));
    }
    return copy;
  }
  const keys = spec.keys?.(['', 'k']) ?? [];
  const key = keys.length ? 1 : 0;
  return [spec.name, spec.arity, spec.flags.map((f) => status(f)), key, key, key, [], [], [], []];
}

/**
 * COMMAND DOCS's entry for a command this server answers: the recorded one, its `subcommands`
 * map narrowed to the modelled ones; for a module's command, its group and module, all a
 * module command without docs of its own has (addReplyCommandDocs).
 */
function commandDocs(spec: CommandSpec): Reply {
  const entry = docsEntry(spec);
  if (!entry) return ['group', 'module', ...(spec.module ? ['module', spec.module] : [])];
  const copy = [...entry];
  for (let i = 0; i + 1 < copy.length; i += 2) {
    const subs = copy[i + 1];
    if (copy[i] !== 'subcommands' || !Array.isArray(subs)) continue;
    const kept: Reply[] = [];
    for (let j = 0; j + 1 < subs.length; j += 2) {
      if (modelledSub(spec, subs[j] ?? null)) kept.push(subs[j] ?? null, subs[j + 1] ?? null);
    }
    copy[i + 1] = kept;
  }
  return copy;
}

/**
 * COMMAND LIST [FILTERBY MODULE name | ACLCAT category | PATTERN pattern]: every modelled
 * command and subcommand, or those the filter keeps; an unknown category or module keeps none.
 */
function listCommands(host: CommandHost, args: readonly string[]): Reply {
  let keep: ((spec: CommandSpec) => boolean) | null = null;
  for (let i = 2; i < args.length; i++) {
    // each option is FILTERBY type value, the last one given deciding
    if ((args[i] ?? '').toLowerCase() !== 'filterby' || args.length - 1 - i !== 2) {
      return err(SYNTAX);
    }
    const type = (args[i + 1] ?? '').toLowerCase();
    const value = args[i + 2] ?? '';
    if (type === 'module') keep = (s) => s.module !== undefined && s.module === value;
    else if (type === 'aclcat') {
      const cat = value.toLowerCase();
      keep = (s) => ACL_CATEGORIES.has(cat) && categoriesOf(s.name).includes(cat);
    } else if (type === 'pattern') {
      // stringmatchlen with nocase; command names are lower case
      keep = (s) => globMatch(value.toLowerCase(), s.name);
    } else return err(SYNTAX);
    i += 2;
  }
  const specs = allSpecs(host);
  return (keep ? specs.filter(keep) : specs).map((s) => s.name);
}

const count: CommandSpec = {
  name: 'command|count',
  arity: 2,
  flags: ['fast'],
  run: ({ host }) => host.commands.names().length,
};

const list: CommandSpec = {
  name: 'command|list',
  arity: -2,
  flags: [],
  run: ({ host }, args) => listCommands(host, args),
};

/**
 * The commands COMMAND INFO or DOCS is asked about (its arguments after the subcommand, every
 * top-level command when none is named), null for a name the server does not know.
 */
const namedSpecs = (host: CommandHost, args: readonly string[]): Array<CommandSpec | null> =>
  (args.length > 2 ? args.slice(2) : host.commands.names()).map((n) => byFullName(host, n));

const info: CommandSpec = {
  name: 'command|info',
  arity: -2,
  flags: [],
  run: ({ host }, args) => namedSpecs(host, args).map((s) => (s ? commandInfo(s) : null)),
};

/** COMMAND DOCS [name …]: a map of name to docs, the unknown names left out. */
const docs: CommandSpec = {
  name: 'command|docs',
  arity: -2,
  flags: [],
  run: ({ host }, args) =>
    namedSpecs(host, args).flatMap((s) => (s ? [s.name, commandDocs(s)] : [])),
};

/** COMMAND GETKEYS command arg …: the key arguments the command's key specs name. */
const getkeys: CommandSpec = {
  name: 'command|getkeys',
  arity: -4,
  flags: [],
  run: ({ host }, args) => {
    const inner = args.slice(2);
    const found = host.commands.lookup(inner);
    if ('unknown' in found) return err('ERR Invalid command specified');
    const { spec } = found;
    if (spec.keys === undefined) return err('ERR The command has no key arguments');
    if (!arityFits(spec, inner.length)) {
      return err('ERR Invalid number of arguments specified for command');
    }
    const refs = spec.keys(inner);
    if (refs.length > 0) return refs.map((r) => inner[r.index] ?? '');
    // no key found where the specs look (a numkeys of 0, or one that counts past the end)
    return hasRecordedFlag(spec.name, 'no_mandatory_keys')
      ? []
      : err('ERR Invalid arguments specified for command');
  },
};

/** COMMAND, for the introspection commands (introspection.ts). */
export const command: CommandSpec = {
  name: 'command',
  arity: -1,
  flags: ['container'],
  subcommands: new Map([
    ['count', count],
    ['list', list],
    ['info', info],
    ['docs', docs],
    ['getkeys', getkeys],
    ['help', helpSubcommand('command')],
  ]),
  // COMMAND alone lists every command's entry, as COMMAND INFO with no names does
  run: (ctx, args) =>
    args.length === 1 ? info.run(ctx, ['command', 'info']) : arityError('command'),
};
