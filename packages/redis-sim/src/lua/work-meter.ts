/**
 * How code the interpreter's runtime depends on (the tables of values.ts) charges the running
 * script for work it does: the runtime installs its charge here as it loads, since those
 * modules cannot import it without a circle. Nothing is charged outside a script's run.
 */
export const workMeter: {
  /** Charges reading `bytes` bytes of a string (hashing a table key): see runtime's chargeScan. */
  scan: (bytes: number) => void;
} = { scan: () => {} };
