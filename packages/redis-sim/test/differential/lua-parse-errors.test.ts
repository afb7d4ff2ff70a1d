/**
 * The error panel, live against the suite's redis-server: every script's
 * compile error from our parser, wrapped as Redis wraps it, must equal the
 * server's reply to `EVAL <script> 0` byte for byte (and `SCRIPT LOAD` must
 * agree with EVAL, as the fuzzer relies on it); a script the server compiles
 * must parse.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ERROR_PANEL } from './lua-parse-cases.ts';
import { ByteConnection, ourReply } from './lua-parse-server.ts';

let conn: ByteConnection;
beforeAll(async () => {
  conn = await ByteConnection.open(inject('redisPort'));
});
afterAll(() => conn.close());

describe('compile errors equal a real redis-server 7.0', () => {
  it('has a panel of at least 60 malformed scripts', () => {
    expect(
      ERROR_PANEL.filter(([name]) => !name.startsWith('compiles:')).length,
    ).toBeGreaterThanOrEqual(60);
  });

  it.each(ERROR_PANEL)('%s', async (name, script) => {
    const loaded = await conn.compile(script, 'SCRIPT LOAD');
    if (name.startsWith('compiles:')) {
      expect(loaded).toBeNull();
      expect(ourReply(script)).toBeNull();
      return;
    }
    const real = await conn.compile(script, 'EVAL');
    expect(real).toMatch(/^ERR Error compiling script/);
    expect(loaded).toBe(real);
    expect(ourReply(script)).toBe(real);
  });
});
