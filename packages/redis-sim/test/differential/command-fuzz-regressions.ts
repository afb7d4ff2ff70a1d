import type { Step } from './command-fuzz-gen.ts';

/**
 * Programs the command fuzzer once failed on, pinned as found (shrunk), so a fix stays fixed
 * whatever the generator later draws. Each runs after command-fuzz-gen.ts's SETUP.
 */
export const COMMAND_REGRESSIONS: Array<{ note: string; steps: Step[] }> = [
  {
    note: 'LPOP and RPOP with a count answer a null array for a missing key',
    steps: [{ cmd: ['LPOP', 'none', '0'] }, { cmd: ['RPOP', 'none', '2'] }],
  },
  {
    note: 'a hash keeps its listpack up to 512 fields (7.0’s hash-max-listpack-entries)',
    steps: [
      { cmd: ['HMSET', 'none', ...Array.from({ length: 128 }, (_, i) => [`${i}`, `${i}`]).flat()] },
      { cmd: ['HINCRBYFLOAT', 'none', 'a', '0.1'] },
      { cmd: ['HSET', 'hash', ...Array.from({ length: 510 }, (_, i) => [`${i}`, `${i}`]).flat()] },
      { cmd: ['HINCRBY', 'hash', 'x', '1'] },
    ],
  },
];
