/**
 * A script's error as the server words it, and the same in plain words for the learner: where
 * it is (the `user_script:N` line Redis names) and what it means.
 */

import { editorWords } from '../../../content/editors.ts';
import { fill } from '../../content/template.ts';

/** A script error read apart: compile or run time, its line (0 when none), and plain words. */
export interface ScriptErrorWords {
  kind: 'compile' | 'runtime';
  line: number;
  /** the server's own text, exactly as the reply carries it */
  redis: string;
  /** what it means, in the lesson's words */
  plain: string;
}

const COMPILE = /^ERR Error compiling script \(new function\): user_script:(\d+): (.*)$/s;
const RUNTIME = /^ERR user_script:(\d+): (.*?)(?: script: [0-9a-f]{40}, on @user_script:\d+\.)?$/s;

const E = editorWords.scriptErrors;

const near = (t: string) => (t === "'<eof>'" ? E.endOfScript : t);

/** What Lua's parser message `msg` means, in plain words. */
export function plainCompileMessage(msg: string): string {
  let m = /^'end' expected \(to close '(\w+)' at line (\d+)\) near (.*)$/.exec(msg);
  if (m) return fill(E.unclosed, { block: m[1]!, line: m[2]!, near: near(m[3]!) });
  m = /^'(.+)' expected near (.*)$/.exec(msg);
  if (m)
    return fill(E.expected, {
      what: m[1] === '<name>' ? E.aName : `'${m[1]}'`,
      near: near(m[2]!),
    });
  m = /^unexpected symbol near (.*)$/.exec(msg);
  if (m) return fill(E.unexpected, { near: near(m[1]!) });
  if (/^unfinished (long )?string near/.test(msg)) return E.unfinishedString;
  m = /^malformed number near (.*)$/.exec(msg);
  if (m) return fill(E.malformedNumber, { near: m[1]! });
  if (/^ambiguous syntax/.test(msg)) return E.ambiguous;
  if (/^'=' or 'in' expected/.test(msg)) return E.forLoop;
  return E.other;
}

/** The error text `error` read apart, or null when it is not a script's error. */
export function scriptErrorWords(error: string): ScriptErrorWords | null {
  let m = COMPILE.exec(error);
  if (m) {
    const line = Number(m[1]);
    return {
      kind: 'compile',
      line,
      redis: error,
      plain: fill(E.compile, { meaning: plainCompileMessage(m[2]!) }),
    };
  }
  m = RUNTIME.exec(error);
  if (m) {
    const line = Number(m[1]);
    return {
      kind: 'runtime',
      line,
      redis: error,
      plain: fill(E.runtime, { line }),
    };
  }
  return null;
}
