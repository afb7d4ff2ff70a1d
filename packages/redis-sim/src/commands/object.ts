/**
 * OBJECT ENCODING | REFCOUNT | IDLETIME | FREQ | HELP (object.c's objectCommand), with 7.0's
 * encodings and their conversion thresholds (see encoding.ts). A missing key answers nil.
 */
import { encodingOf, refcountOf } from '../encoding.ts';
import { err, type ErrorReply } from '../errors.ts';
import type { Value } from '../keyspace.ts';
import type { Reply } from '../trace-types.ts';
import { arg, keyRange, type CommandSpec } from './types.ts';

const NO_LFU =
  'ERR An LFU maxmemory policy is not selected, access frequency not tracked. Please note that when switching between policies at runtime LRU and LFU data will take some time to adjust.';

/** OBJECT HELP's lines, as 7.0.15 prints them (addReplyHelp adds the first and last). */
const HELP_LINES = [
  'OBJECT <subcommand> [<arg> [value] [opt] ...]. Subcommands are:',
  'ENCODING <key>',
  '    Return the kind of internal representation used in order to store the value',
  '    associated with a <key>.',
  'FREQ <key>',
  '    Return the access frequency index of the <key>. The returned integer is',
  '    proportional to the logarithm of the recent access frequency of the key.',
  'IDLETIME <key>',
  '    Return the idle time of the <key>, that is the approximated number of',
  '    seconds elapsed since the last access to the key.',
  'REFCOUNT <key>',
  '    Return the number of references of the value associated with the specified',
  '    <key>.',
  'HELP',
  '    Prints this help.',
];

function about(name: string, answer: (v: Value) => Reply) {
  const spec: CommandSpec = {
    name: `object|${name}`,
    arity: 3,
    flags: ['readonly'],
    keys: keyRange(2, 2, 1, ['RO']),
    run: ({ ks }, args) => {
      const v = ks.get(arg(args, 2));
      return v ? answer(v) : null;
    },
  };
  return spec;
}

const encoding = about('encoding', (v) => encodingOf(v));
const refcount = about('refcount', (v) => refcountOf(v));
/**
 * 0: the simulator does not stamp each access with the time (a real server's LRU clock), which
 * is what a real server answers while its clock stands still, as a stepped server's does.
 */
const idletime = about('idletime', () => 0);
const freq = about('freq', (): ErrorReply => err(NO_LFU));

const help: CommandSpec = {
  name: 'object|help',
  arity: 2,
  flags: [],
  run: () => HELP_LINES.map((l) => ({ status: l })),
};

/** OBJECT, a container of its subcommands (an unknown one is refused by the dispatcher). */
export const objectCommand: CommandSpec = {
  name: 'object',
  arity: -2,
  flags: ['container'],
  subcommands: new Map([
    ['encoding', encoding],
    ['freq', freq],
    ['help', help],
    ['idletime', idletime],
    ['refcount', refcount],
  ]),
  run: () => err('ERR unknown subcommand'),
};
