import fc from 'fast-check';
import { scenarioArb } from './arbitraries.ts';
import type { AclCase } from './acl-compare.ts';
import { queueKeys, type Job, type Scenario } from './scenario.ts';

const live = (id: string, attempts = '1'): Job => ({
  id,
  row: { kind: 'hash', fields: [['attempts', attempts]] },
  activeScore: '5',
  pending: false,
});

/** The lead's setup: one live lease A (attempts 1, score 5 in active). */
const factsBatch: Scenario = {
  script: 'batch',
  queue: 'q',
  active: 'zset',
  jobs: [live('A')],
  pairs: [['A', '1']],
  trailing: null,
  lease: '1000',
  bystanders: false,
};
const factsSingle: Scenario = { ...factsBatch, script: 'single' };

const ROWS_R = '%R~emq:{q}:job:*';
const ACTIVE = '~emq:{q}:active';
const BASE = '~emq:{q}:';

/** The facts table the lead checked by hand (notes/acl-facts.md), as cases both servers run. */
export const ACL_FACTS: Array<{ name: string; c: Omit<AclCase, 'user'> }> = [
  { name: 'rows read-only, active and base full: the batch is served', c: { rules: ['+@all', ROWS_R, ACTIVE, BASE], scenario: factsBatch } },
  { name: 'the same user: HSET on a row is NOPERM', c: { rules: ['+@all', ROWS_R, ACTIVE, BASE], scenario: factsBatch, command: ['HSET', 'emq:{q}:job:A', 'lease_epoch', 'x'] } },
  { name: 'the same user: the single script declares the row, NOPERM', c: { rules: ['+@all', ROWS_R, ACTIVE, BASE], scenario: factsSingle } },
  { name: 'no base pattern: the EVALSHA itself is NOPERM', c: { rules: ['+@all', ROWS_R, ACTIVE], scenario: factsBatch } },
  { name: 'rows write-only: HGET refused inside the script', c: { rules: ['+@all', '%W~emq:{q}:job:*', ACTIVE, BASE], scenario: factsBatch } },
  { name: '-zadd: refused at the ZADD line', c: { rules: ['+@all', '-zadd', '~*'], scenario: factsBatch } },
  { name: '-hget: refused at the HGET line', c: { rules: ['+@all', '-hget', '~*'], scenario: factsBatch } },
  { name: '-time: refused at the TIME line', c: { rules: ['+@all', '-time', '~*'], scenario: factsBatch } },
  { name: '%R~*: the declared keys are NOPERM', c: { rules: ['+@all', '%R~*'], scenario: factsBatch } },
  { name: '%R~*: ZADD at top level is NOPERM', c: { rules: ['+@all', '%R~*'], scenario: factsBatch, command: ['ZADD', 'emq:{q}:active', '1', 'A'] } },
  { name: '%R~*: SCRIPT LOAD of a keyless script is fine', c: { rules: ['+@all', '%R~*'], scenario: factsBatch, command: ['SCRIPT', 'LOAD', 'return 1'] } },
  { name: 'no row pattern: HGET refused inside the script', c: { rules: ['+@all', ACTIVE, BASE], scenario: factsBatch } },
  { name: '-@all +get: EVALSHA is NOPERM', c: { rules: ['~*', '-@all', '+get'], scenario: factsBatch } },
  { name: 'an off user: AUTH is WRONGPASS', c: { rules: ['off', '+@all', '~*'], scenario: factsBatch } },
  { name: '-zscore: refused at the membership check', c: { rules: ['+@all', '-zscore', '~*'], scenario: factsBatch } },
  { name: '-evalsha: NOPERM on the command', c: { rules: ['+@all', '-evalsha', '~*'], scenario: factsBatch } },
  { name: '-@all +evalsha: the first redis.call (TIME) is refused', c: { rules: ['-@all', '+evalsha', '~*'], scenario: factsBatch } },
  { name: 'a pattern with a space is a syntax error', c: { rules: ['+@all', '~emq:{pay ments}:*'], scenario: factsBatch } },
  { name: 'a category no server has is refused on both', c: { rules: ['+@nosuchcat'], scenario: factsBatch } },
  { name: '-@all +@read: EVALSHA is NOPERM', c: { rules: ['~*', '-@all', '+@read'], scenario: factsBatch } },
  { name: '-@all +@read: HGET is served', c: { rules: ['~*', '-@all', '+@read'], scenario: factsBatch, command: ['HGET', 'emq:{q}:job:A', 'attempts'] } },
  { name: '-@all +@read +@scripting: the first write inside is refused', c: { rules: ['~*', '-@all', '+@read', '+@scripting'], scenario: factsBatch } },
  { name: '+@all -@write: the batch is refused at its first write', c: { rules: ['~*', '+@all', '-@write'], scenario: factsBatch } },
  { name: '+@all -@write: ZADD at top level is NOPERM', c: { rules: ['~*', '+@all', '-@write'], scenario: factsBatch, command: ['ZADD', 'emq:{q}:active', '1', 'A'] } },
  { name: '+@all -@dangerous: CONFIG GET is NOPERM', c: { rules: ['~*', '+@all', '-@dangerous'], scenario: factsBatch, command: ['CONFIG', 'GET', 'maxmemory-policy'] } },
  { name: '+@all -@sortedset -@hash: the batch is refused at HGET', c: { rules: ['~*', '+@all', '-@sortedset', '-@hash'], scenario: factsBatch } },
  { name: '-@all +@hash +@sortedset +@scripting +time: the batch is served', c: { rules: ['~*', '-@all', '+@hash', '+@sortedset', '+@scripting', '+time'], scenario: factsBatch } },
  { name: '-@all +@HASH in upper case: HGET is served', c: { rules: ['~*', '-@all', '+@HASH'], scenario: factsBatch, command: ['HGET', 'emq:{q}:job:A', 'attempts'] } },
  { name: '+@all -@scripting +evalsha: the batch is served', c: { rules: ['~*', '+@all', '-@scripting', '+evalsha'], scenario: factsBatch } },
  { name: '-@all +config|get: CONFIG GET is served', c: { rules: ['~*', '-@all', '+config|get'], scenario: factsBatch, command: ['CONFIG', 'GET', 'maxmemory-policy'] } },
  { name: '+@all -config +config|get: CONFIG SET is NOPERM', c: { rules: ['~*', '+@all', '-config', '+config|get'], scenario: factsBatch, command: ['CONFIG', 'SET', 'maxmemory', '0'] } },
  { name: '-@all +hget|<key>: a first argument of HGET is served', c: { rules: ['~*', '-@all', '+hget|emq:{q}:job:A'], scenario: factsBatch, command: ['HGET', 'EMQ:{q}:job:A', 'attempts'] } },
  { name: '-@all +hget|<key>: another key is NOPERM', c: { rules: ['~*', '-@all', '+hget|emq:{q}:job:A'], scenario: factsBatch, command: ['HGET', 'emq:{q}:job:B', 'attempts'] } },
  { name: '-@all +hget|<key> +hget: the first argument goes', c: { rules: ['~*', '-@all', '+hget|x', '+hget|X', '+hget|y'], scenario: factsBatch, command: ['HGET', 'Y', 'f'] } },
  { name: '+config|get|x: a first argument of a subcommand is refused', c: { rules: ['+config|get|x'], scenario: factsBatch } },
  { name: '+hget|: an empty first argument is a syntax error', c: { rules: ['+hget|'], scenario: factsBatch } },
  { name: '-@all +@all: the categories reset', c: { rules: ['~*', '-@all', '+@read', '+@all'], scenario: factsBatch } },
  { name: 'allcommands -@keyspace +del nocommands +@string', c: { rules: ['~*', 'allcommands', '-@keyspace', '+del', 'nocommands', '+@string'], scenario: factsBatch, command: ['GET', 'k'] } },
  { name: '-@all +@admin +@fast -@slow: a mixed description', c: { rules: ['~*', '-@all', '+@admin', '+@fast', '-@slow'], scenario: factsBatch, command: ['GET', 'k'] } },
  { name: '+@all -@read +get: one command back', c: { rules: ['~*', '+@all', '-@read', '+get'], scenario: factsBatch, command: ['GET', 'k'] } },
  { name: 'resetkeys, %R~, &channel, resetchannels, nopass, resetpass', c: { rules: ['~a', 'resetkeys', '%R~emq:*', '&news', 'resetchannels', '&chan:*', 'nopass', 'resetpass', '>pw', '+@all'], scenario: factsBatch } },
  { name: 'reset then rules', c: { rules: ['+@all', '~*', 'reset', 'on', '>pw', '-@all', '+@hash', '~emq:*'], scenario: factsBatch, command: ['HGET', 'emq:{q}:job:A', 'attempts'] } },
]; // prettier-ignore

/** One user shape: the permissions on rows, on active, on the base, and the command rules. */
// full access is the most common, so that a fair share of cases get past the door
const access = fc.oneof(
  { weight: 5, arbitrary: fc.constant('RW') },
  { weight: 2, arbitrary: fc.constant('%R') },
  { weight: 1, arbitrary: fc.constant('%W') },
  { weight: 1, arbitrary: fc.constant('') },
);
const commandRules = fc.constantFrom(
  ['+@all'],
  ['+@all', '-zadd'],
  ['+@all', '-hget'],
  ['+@all', '-zscore'],
  ['+@all', '-time'],
  ['+@all', '-evalsha'],
  ['-@all', '+evalsha'],
  ['-@all', '+evalsha', '+hget', '+zscore', '+zadd', '+time'],
  ['-@all', '+evalsha', '+time', '+hget'],
  ['-@all', '+@read', '+@scripting'],
  ['+@all', '-@write'],
  ['+@all', '-@sortedset'],
  ['-@all', '+@hash', '+@sortedset', '+@scripting', '+time'],
  ['-@all', '+@scripting', '+@fast', '-zadd'],
);

/** `%R~p`, `%W~p`, `~p`, or nothing. */
function pattern(flags: string, p: string): string[] {
  if (flags === '') return [];
  return [flags === 'RW' ? `~${p}` : `${flags}~${p}`];
}

/**
 * Generated cases: a scenario from the main suite's stream, and a user made of
 * an access level on the rows (all rows, or only the first job's), on active
 * and on the base, or all keys, and one of a few command-rule shapes.
 */
export const aclCaseArb: fc.Arbitrary<Omit<AclCase, 'user'>> = fc
  .record({
    scenario: scenarioArb,
    rows: access,
    oneRow: fc.boolean(),
    active: access,
    base: access,
    allKeys: fc.oneof(
      { weight: 1, arbitrary: fc.constant(true) },
      { weight: 6, arbitrary: fc.constant(false) },
    ),
    commands: commandRules,
  })
  .map((r) => {
    const k = queueKeys(r.scenario.queue);
    const first = r.scenario.jobs[0]?.id;
    const rowPattern = r.oneRow && first !== undefined ? k.row(first) : `${k.base}job:*`;
    const keys = r.allKeys
      ? ['allkeys']
      : [
          ...pattern(r.rows, rowPattern),
          ...pattern(r.active, k.active),
          ...pattern(r.base, k.base),
        ];
    return { rules: [...r.commands, ...keys], scenario: r.scenario };
  });
