/**
 * Every code listing the lesson shows: where its source lives and how it is highlighted.
 * EchoMQ's Lua scripts and native handlers are read from packages/echomq (lua/, native/), their
 * single source.
 */
export const listingManifest = [
  {
    name: 'extend_locks',
    file: 'content/listings/extend_locks.ex',
    lang: 'elixir',
    title: 'extend_locks.ex',
    caption: 'echo_mq · EchoMQ.Jobs.extend_locks/4',
  },
  {
    name: 'extend_locks2',
    file: 'packages/echomq/lua/extend_locks2.lua',
    lang: 'lua',
    title: 'extend_locks2.lua',
    caption: 'the @extend_locks2 script',
  },
  {
    name: 'extend_lock2',
    file: 'packages/echomq/lua/extend_lock2.lua',
    lang: 'lua',
    title: 'extend_lock2.lua',
    caption: 'the single @extend_lock2 script',
  },
  {
    name: 'wire',
    file: 'content/listings/wire.txt',
    lang: 'shellscript',
    title: 'the wire',
    caption: 'wire 4 against wire 6',
  },
  {
    name: 'emq_extends',
    file: 'packages/echomq/native/emq_extends.rs',
    lang: 'rust',
    title: 'emq_extends.rs',
    caption: 'trafikey · the EMQ.EXTENDS handler',
  },
  {
    name: 'emq_extend',
    file: 'packages/echomq/native/emq_extend.rs',
    lang: 'rust',
    title: 'emq_extend.rs',
    caption: 'trafikey · the EMQ.EXTEND handler',
  },
] as const;

/**
 * A listing's stable name, used in line anchors such as `L-extend_locks2-17`: the manifest's,
 * and BullMQ's scripts, which the build reads from the installed package (never from here).
 */
export type ListingName = (typeof listingManifest)[number]['name'] | BullmqListingName;

/** The BullMQ scripts the lesson shows, by listing name (content/bullmq-listings.ts). */
export type BullmqListingName = 'bullmq_extendLocks' | 'bullmq_extendLock';

/** The element id of line `line` (1-based) of a listing, e.g. `L-extend_locks2-17`. */
export function lineId(name: ListingName, line: number): string {
  return `L-${name}-${line}`;
}

/** The grammars the build loads; passed to Shiki explicitly. */
export const listingLangs = ['lua', 'elixir', 'rust', 'shellscript'] as const;
