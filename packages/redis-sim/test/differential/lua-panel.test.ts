import { describe, expect, test } from 'vitest';
import { FROZEN_DB } from './config.ts';
import { compareCase, describeLuaMismatch } from './lua-compare.ts';
import { knownDivergence } from './lua-known-divergences.ts';
import { PANEL } from './lua-panel-cases.ts';
import { simSide, useFrozenReal } from './lua-sides.ts';

const real = useFrozenReal(FROZEN_DB.panel);
const sim = simSide();

describe('the Lua panel: each script on a real redis-server and on the simulator', () => {
  test.each(PANEL)('$name', async (c) => {
    const o = await compareCase(real.side, sim, c);
    const known = knownDivergence(c.name);
    if (known) expect(o.match, `listed as a known divergence (${known}): remove it`).toBe(false);
    else expect(o.match, describeLuaMismatch(c, o)).toBe(true);
  });
});
