/**
 * The charge for reading a script's reply back from Lua, at the rate its builtins pay for the
 * bytes they scan: the one part of a run its statements do not pay for, and the part that can
 * be the biggest by far (a table naming a megabyte string a thousand times is a gigabyte to
 * copy), so a run's budget and time limit bound it as they bound the script.
 */
import { BYTES_PER_STEP, chargeWork } from './interpreter/runtime.ts';
import type { ReplyCharge } from './replies.ts';

/**
 * A fresh meter for one reply: the bytes it is told are charged to the running script a step
 * per {@link BYTES_PER_STEP}, the part of a step left over carried to the next part, so a reply
 * of short strings costs what its bytes add up to and a reply under 64 bytes costs nothing.
 */
export function replyMeter(): ReplyCharge {
  let bytes = 0;
  return (n) => {
    bytes += n;
    if (bytes < BYTES_PER_STEP) return;
    const steps = Math.floor(bytes / BYTES_PER_STEP);
    bytes -= steps * BYTES_PER_STEP;
    chargeWork(steps);
  };
}
