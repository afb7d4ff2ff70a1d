import type { Step } from './command-fuzz-gen.ts';

/**
 * Programs the command fuzzer once failed on, pinned as found (shrunk), so a fix stays fixed
 * whatever the generator later draws. Each runs after command-fuzz-gen.ts's SETUP.
 */
export const COMMAND_REGRESSIONS: Array<{ note: string; steps: Step[] }> = [];
