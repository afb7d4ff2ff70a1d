import { describe, expect, test } from 'vitest';
import { FROZEN_DB } from './config.ts';
import { simSide, useFrozenReal } from './lua-sides.ts';
import {
  EXPIRY_CASES,
  HELP_CASES,
  SCRIPT_COMMAND_CASES,
  SHEBANG_CASES,
  WATCH_CASES,
} from './sequence-cases.ts';
import { runSequence, sequenceDiff } from './sequence-compare.ts';
import { ACL_RULE_CASES, settleAcl } from './acl-rule-cases.ts';

const real = useFrozenReal(FROZEN_DB.sequences);
const sim = simSide();

describe('command sequences: each reply typed, and the keyspace after, as redis-server has them', () => {
  test.each([
    ...WATCH_CASES,
    ...SHEBANG_CASES,
    ...SCRIPT_COMMAND_CASES,
    ...HELP_CASES,
    ...EXPIRY_CASES,
  ])('$name', async (c) => {
    const r = await runSequence(real.side, c);
    const m = await runSequence(sim, c);
    expect(sequenceDiff(c, r, m).join('\n')).toBe('');
  });

  test.each(ACL_RULE_CASES)('$name', async (c) => {
    const r = await runSequence(real.side, c, settleAcl);
    const m = await runSequence(sim, c, settleAcl);
    expect(sequenceDiff(c, r, m).join('\n')).toBe('');
  });
});
