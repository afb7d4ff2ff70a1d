import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FROZEN_DB } from './config.ts';
import { compareCase, describeLuaMismatch } from './lua-compare.ts';
import { PANEL } from './lua-panel-cases.ts';
import { connectFrozen, realSide, simSide, type Side } from './lua-sides.ts';
import type { RespClient } from './resp-client.ts';

let client: RespClient;
let real: Side;
const sim = simSide();
beforeAll(async () => {
  client = await connectFrozen(FROZEN_DB.panel);
  real = realSide(client);
});
afterAll(async () => {
  await client?.close();
});

describe('the Lua panel: each script on a real redis-server and on the simulator', () => {
  test.each(PANEL)('$name', async (c) => {
    const o = await compareCase(real, sim, c);
    expect(o.match, describeLuaMismatch(c, o)).toBe(true);
  });
});
