import { describe, expect, test } from 'vitest';
import { createServer, keyRange, type ServerModule } from './index.ts';

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
        listingOf: (s) => (s === sha ? 'extend_locks2.lua' : undefined),
        shapeOf: () => null,
      },
    };
    const told = createServer({ modules: [teller] }).trace(['EVAL', 'return 1', '0']);
    expect(told.steps.map((st) => st.listing)).toContain('extend_locks2.lua');
    const plain = createServer().trace(['EVAL', 'return 1', '0']);
    expect(plain.steps.map((st) => st.listing)).not.toContain('extend_locks2.lua');
    expect(plain.reply).toBe(1);
  });
});
