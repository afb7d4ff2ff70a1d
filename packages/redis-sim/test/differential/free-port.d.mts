/** Asks the kernel for a free TCP port on 127.0.0.1. */
export function freePort(): Promise<number>;
