import { describe, expect, test } from 'vitest';
import {
  createServer,
  keyRange,
  type ScriptStory,
  type ServerModule,
  type StoryRun,
} from './index.ts';

// the module of the package README's example
const hello: ServerModule = {
  name: 'hello',
  commands: [
    {
      name: 'hello.greet',
      arity: 3,
      flags: ['write', 'fast'],
      keys: keyRange(1, 1, 1, ['RW', 'update']),
      run: (ctx, args) => {
        ctx.ks.put(args[1] ?? '', { type: 'string', value: args[2] ?? '' });
        return { status: 'OK' };
      },
    },
  ],
};

describe('a module', () => {
  test('its commands answer like built-in ones, only on a server that loaded it', () => {
    const s = createServer({ modules: [hello] });
    expect(s.call(['HELLO.GREET', 'k', 'hi'])).toEqual({ status: 'OK' });
    expect(s.call(['GET', 'k'])).toBe('hi');
    expect(s.call(['hello.greet', 'k'])).toEqual({
      error: "ERR wrong number of arguments for 'hello.greet' command",
    });
    expect(s.call(['EVAL', "return redis.call('hello.greet', KEYS[1], 'x')", '1', 'k'])).toEqual({
      status: 'OK',
    });
    expect(createServer().call(['HELLO.GREET', 'k', 'hi'])).toEqual({
      error: "ERR unknown command 'HELLO.GREET', with args beginning with: 'k' 'hi' ",
    });
  });

  test('a container of its own names its own unknown subcommand, whatever the real server lacks', () => {
    const box: ServerModule = {
      name: 'box',
      commands: [
        {
          name: 'box.shelf',
          arity: -2,
          flags: ['container'],
          subcommands: new Map([
            ['count', { name: 'box.shelf|count', arity: 2, flags: [], run: () => 0 }],
          ]),
          run: () => null,
        },
      ],
    };
    const s = createServer({ modules: [box] });
    expect(s.call(['BOX.SHELF', 'COUNT'])).toBe(0);
    expect(s.call(['box.shelf', 'nope'])).toEqual({
      error: "ERR unknown subcommand 'nope'. Try BOX.SHELF HELP.",
    });
  });

  test('COMMAND DOCS names its module, and COMMAND LIST FILTERBY MODULE finds its commands', () => {
    const s = createServer({ modules: [hello] });
    expect(s.call(['COMMAND', 'DOCS', 'hello.greet'])).toEqual([
      'hello.greet',
      ['group', 'module', 'module', 'hello'],
    ]);
    expect(s.call(['COMMAND', 'LIST', 'FILTERBY', 'MODULE', 'hello'])).toEqual(['hello.greet']);
    expect(s.call(['COMMAND', 'LIST', 'FILTERBY', 'MODULE', 'other'])).toEqual([]);
  });

  test('ACL reads its key specs: a user without the key is refused before it runs', () => {
    const s = createServer({ modules: [hello] });
    s.call(['ACL', 'SETUSER', 'u', 'on', 'nopass', '+@all', '~own:*']);
    const u = s.connect('u');
    expect(u.call(['HELLO.GREET', 'other', 'hi'])).toHaveProperty('error');
    expect(s.call(['EXISTS', 'other'])).toBe(0);
    expect(u.call(['HELLO.GREET', 'own:1', 'hi'])).toEqual({ status: 'OK' });
  });

  test('a script teller names the listing and the story of the scripts it knows', () => {
    const sha = 'e0e1f9fabfc9d4800c877a703b823ac0578ff8db'; // SHA1 of `return 1`
    const teller: ServerModule = {
      name: 'teller',
      scripts: {
        listingOf: (s) => (s === sha ? 'one.lua' : undefined),
        storyOf: () => null,
      },
    };
    const told = createServer({ modules: [teller] }).trace(['EVAL', 'return 1', '0']);
    expect(told.steps.map((st) => st.listing)).toContain('one.lua');
    const plain = createServer().trace(['EVAL', 'return 1', '0']);
    expect(plain.steps.map((st) => st.listing)).not.toContain('one.lua');
    expect(plain.reply).toBe(1);
  });

  test("a story tells a script in the module's own kinds, with the general trace's changes, locals and reply", () => {
    // a made-up queue module: each INCR of the counter is one "visit", grouped by the loop's i
    type Visit = { kind: 'visit'; n: number; count: number };
    const visits: ScriptStory = (pen) => {
      let group: number | null = null;
      const run: StoryRun = {
        statement: () => {},
        loopTest: (_line, enters) => {
          group = enters ? (group ?? -1) + 1 : null;
        },
        branch: () => {},
        operand: () => {},
        command: (line, args, reply) => {
          const n = pen.local('i');
          if (args[0] === 'INCR' && typeof n === 'number' && typeof reply === 'number')
            pen.emit<Visit>(line, group, { kind: 'visit', n, count: reply });
        },
        end: () => {},
        group: () => group,
      };
      return run;
    };
    const queue: ServerModule = {
      name: 'queue',
      scripts: {
        listingOf: () => 'queue.lua',
        storyOf: (tree) => (tree.body.length > 1 ? visits : null),
      },
    };
    const script = "for i = 1, 2 do\n  redis.call('INCR', KEYS[1])\nend\nreturn 'done'";
    const args = ['EVAL', script, '1', 'n'];
    const told = createServer({ modules: [queue] }).trace<Visit>(args);
    expect(told.reply).toBe('done');
    expect(
      told.steps.map(({ listing, line, group, event, changes }) => ({
        listing,
        line,
        group,
        event,
        changes,
      })),
    ).toEqual([
      {
        listing: 'queue.lua',
        line: 2,
        group: 0,
        event: { kind: 'visit', n: 1, count: 1 },
        changes: [{ kind: 'string', key: 'n', before: null, after: '1' }],
      },
      {
        listing: 'queue.lua',
        line: 2,
        group: 1,
        event: { kind: 'visit', n: 2, count: 2 },
        changes: [{ kind: 'string', key: 'n', before: '1', after: '2' }],
      },
      {
        listing: 'queue.lua',
        line: 4,
        group: null,
        event: { kind: 'reply', reply: 'done', expr: "'done'" },
        changes: [],
      },
    ]);
    // the locals still travel with the story's steps: `i` is in scope at each visit
    expect(told.steps[0]?.locals?.scope).toEqual(['i']);
    // without the module the same script is told statement by statement, to the same reply
    const plain = createServer().trace(args);
    expect(plain.reply).toBe('done');
    expect(plain.steps.map((st) => st.event.kind)).toContain('statement');
    expect(plain.steps.every((st) => st.group === null && st.listing === 'user_script')).toBe(true);
  });
});
