import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { ACL_FACTS, aclCaseArb } from './acl-cases.ts';
import { compareAclCase, describeAclMismatch, openAclHarness } from './acl-compare.ts';
import { ACL_NUM_RUNS, SEED } from '@batch-lease/redis-sim/differential/config.ts';
import { isError, type Reply } from '@batch-lease/redis-sim/differential/caller.ts';
import { readScriptSources } from './scripts.ts';

const sources = readScriptSources();

/** What kind of answer a case got, for the coverage check. */
function classify(setuser: Reply, reply: Reply): string {
  if (isError(setuser)) return 'setuser-refused';
  if (!isError(reply)) return 'served';
  const e = reply.error;
  if (e.startsWith('NOPERM this user has no permissions to run')) return 'noperm-command';
  if (e.startsWith('NOPERM')) return 'noperm-keys';
  if (e.startsWith("ERR The user executing the script can't run")) return 'script-command';
  if (e.startsWith("ERR The user executing the script can't access")) return 'script-keys';
  return 'other-error';
}
let h: Awaited<ReturnType<typeof openAclHarness>>;
beforeAll(async () => {
  h = await openAclHarness(inject('redisPort'), sources);
});
afterAll(async () => {
  await h?.admin.quit();
});

describe('ACL callers on the script path, real server against the simulator', () => {
  test.each(ACL_FACTS)('$name', async ({ c }) => {
    const acase = { ...c, user: 'acl_fact' };
    const outcome = await compareAclCase(h, sources, acase);
    expect(outcome.match, describeAclMismatch(acase, outcome)).toBe(true);
  });

  test(`${ACL_NUM_RUNS} generated users and scenarios: same SETUSER, ACL LIST line, AUTH, reply and keyspace`, async () => {
    let runs = 0;
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(aclCaseArb, async (c) => {
        runs++;
        const acase = { ...c, user: 'acl_gen' };
        const outcome = await compareAclCase(h, sources, acase);
        if (!outcome.match) throw new Error(describeAclMismatch(acase, outcome));
        const kind = classify(outcome.real.setuser, outcome.real.reply);
        seen.set(kind, (seen.get(kind) ?? 0) + 1);
      }),
      { seed: SEED, numRuns: ACL_NUM_RUNS },
    );
    expect(runs).toBeGreaterThanOrEqual(ACL_NUM_RUNS);
    // the stream reaches every kind of answer the ACL layer gives on the script path
    for (const kind of [
      'served',
      'noperm-command',
      'noperm-keys',
      'script-command',
      'script-keys',
    ]) {
      expect(seen.get(kind) ?? 0, `${kind} in ${JSON.stringify([...seen])}`).toBeGreaterThan(5);
    }
  }, 600_000);
});
