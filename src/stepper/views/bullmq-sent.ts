/**
 * What BullMQ's client sent for a run, slot by slot: each KEYS and ARGV as redis-cli would show
 * the bytes, and, for the two msgpack-packed arguments (the tokens and the ids), the strings
 * they hold, as the script's `cmsgpack.unpack` reads them. A pure function of the sent call.
 */
import { formatCliCommand } from '@batch-lease/redis-sim/client';
import { unpackStrings } from '../../scenario/index.ts';

/** One argument of the call as the card shows it. */
export interface BullmqSentRow {
  /** `KEYS[1]`, `ARGV[2]`, … as the script names it */
  slot: string;
  /** the argument's bytes as redis-cli quotes them (a packed one shows its `\x..` bytes) */
  sent: string;
  /** the strings a msgpack array holds, or null when the argument is not one */
  unpacked: readonly string[] | null;
}

/** The call's head (`EVALSHA <sha> <numkeys>`) and each of its KEYS and ARGV. */
export function bullmqSentRows(args: readonly string[]): {
  head: string;
  rows: BullmqSentRow[];
} {
  const numKeys = Number(args[2]);
  const rest = args.slice(3);
  return {
    head: formatCliCommand(args.slice(0, 3)),
    rows: rest.map((a, i) => ({
      slot: i < numKeys ? `KEYS[${i + 1}]` : `ARGV[${i - numKeys + 1}]`,
      sent: formatCliCommand([a]),
      unpacked: unpackStrings(a),
    })),
  };
}
