import { describe, expect, it } from 'vitest';
import { BATCH_SOURCE } from '@batch-lease/echomq';
import { defaultScenario } from '../../scenario/presets.ts';
import { createSimTraceSource } from '../runs/trace-source.ts';
import { scriptErrorWords } from './script-error-words.ts';

const run = (script: string) => {
  const r = createSimTraceSource()(defaultScenario(), 'script', script);
  if (r.status !== 'ready') throw new Error(r.reason);
  return r;
};

describe("a script's error, as Redis words it and in plain words", () => {
  it('a compile error: the server refuses at SCRIPT LOAD, and the run is that refusal at its line', () => {
    const r = run(BATCH_SOURCE.replace('  i = i + 2\n', '  i = i +\n'));
    const reply = r.reply as { error: string };
    expect(reply.error).toBe(
      "ERR Error compiling script (new function): user_script:27: unexpected symbol near 'end'",
    );
    expect(r.steps).toHaveLength(1);
    expect(r.steps[0]).toMatchObject({ line: 27, event: { kind: 'error' } });
    const w = scriptErrorWords(reply.error)!;
    expect(w).toMatchObject({ kind: 'compile', line: 27 });
    expect(w.plain).toContain("Lua cannot start a statement or an expression with 'end'");
  });

  it('an unclosed block names the line it opened on', () => {
    const r = run(BATCH_SOURCE.replace('\nend\nreturn failed', '\nreturn failed'));
    const w = scriptErrorWords((r.reply as { error: string }).error)!;
    expect(w.kind).toBe('compile');
    expect(w.plain).toContain('The while opened on line 12 is never closed');
  });

  it('a runtime error: the line, and that earlier writes stay', () => {
    const r = run(BATCH_SOURCE.replace('local now = t[1]', 'local now = nil + t[1]'));
    const w = scriptErrorWords((r.reply as { error: string }).error)!;
    expect(w).toMatchObject({ kind: 'runtime', line: 8 });
    expect(w.redis).toMatch(/^ERR user_script:8: attempt to perform arithmetic on a nil value/);
  });
});
