import { sha1Hex } from '@batch-lease/redis-sim/client';
import type { StepListing } from './lesson-trace.ts';
import { BATCH_SOURCE, SINGLE_SOURCE, lineOf } from './lua-source.ts';

/** SHA1 of the batch script's exact file text: what SCRIPT LOAD of the file answers. */
export const BATCH_SHA = sha1Hex(BATCH_SOURCE);
/** SHA1 of the single script's exact file text. */
export const SINGLE_SHA = sha1Hex(SINGLE_SOURCE);

const batchAt = (needle: string) => lineOf(BATCH_SOURCE, needle);
const singleAt = (needle: string) => lineOf(SINGLE_SOURCE, needle);

/** Lines of extend_locks2.lua the lesson's steps stand on, found by their text. */
export const BATCH_LINES = {
  lease: batchAt('local lease = tonumber(ARGV[1])'),
  time: batchAt("local t = redis.call('TIME')"),
  now: batchAt('local now = '),
  loop: batchAt('while i < #ARGV do'),
  pair: batchAt('local id = ARGV[i]'),
  rowKey: batchAt("local jk = base .. 'job:' .. id"),
  hget: batchAt("redis.call('HGET'"),
  checks: batchAt('if att and att == token and'),
  zadd: batchAt("redis.call('ZADD'"),
  collect: batchAt('table.insert(failed, id)'),
  advance: batchAt('i = i + 2'),
  ret: batchAt('return failed'),
} as const;

/** Lines of extend_lock2.lua the lesson's steps stand on, found by their text. */
export const SINGLE_LINES = {
  lease: singleAt('local lease = tonumber(ARGV[1])'),
  time: singleAt("local t = redis.call('TIME')"),
  now: singleAt('local now = '),
  hget: singleAt("redis.call('HGET'"),
  rowCheck: singleAt('if not att then'),
  gone: singleAt("redis.error_reply('EMQGONE"),
  tokenCheck: singleAt('if att ~= token then'),
  stale: singleAt("redis.error_reply('EMQSTALE"),
  zscore: singleAt("redis.call('ZSCORE'"),
  notActive: singleAt("redis.error_reply('EMQNOTACTIVE"),
  zadd: singleAt("redis.call('ZADD'"),
  ret: singleAt('return 1'),
} as const;

const LISTINGS = new Map<string, StepListing>();
for (const [source, listing] of [
  [BATCH_SOURCE, 'extend_locks2.lua'],
  [SINGLE_SOURCE, 'extend_lock2.lua'],
] as const) {
  LISTINGS.set(sha1Hex(source), listing);
  // the same text without its final newline (as a shell's $(cat file) passes it) runs
  // identically, line for line, so its steps point into the same listing
  LISTINGS.set(sha1Hex(source.replace(/\n+$/, '')), listing);
}

/** The listing a script's steps point into: a lesson file, or the script's own text. */
export function listingFor(sha: string): StepListing {
  return LISTINGS.get(sha) ?? 'user_script';
}
