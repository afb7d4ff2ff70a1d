/**
 * A script's error as the server words it, and the same in plain words for the learner: where
 * it is (the `user_script:N` line Redis names) and what it means.
 */

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

const near = (t: string) => (t === "'<eof>'" ? 'the end of the script' : t);

/** What Lua's parser message `msg` means, in plain words. */
export function plainCompileMessage(msg: string): string {
  let m = /^'end' expected \(to close '(\w+)' at line (\d+)\) near (.*)$/.exec(msg);
  if (m)
    return `The ${m[1]} opened on line ${m[2]} is never closed: an end is missing before ${near(m[3]!)}.`;
  m = /^'(.+)' expected near (.*)$/.exec(msg);
  if (m) return `Lua needed ${m[1] === '<name>' ? 'a name' : `'${m[1]}'`} before ${near(m[2]!)}.`;
  m = /^unexpected symbol near (.*)$/.exec(msg);
  if (m) return `Lua cannot start a statement or an expression with ${near(m[1]!)}.`;
  m = /^unfinished (long )?string near/.exec(msg);
  if (m) return 'A string is never closed: a quote (or ]]) is missing.';
  m = /^malformed number near (.*)$/.exec(msg);
  if (m) return `${m[1]} is not a number Lua can read.`;
  if (/^ambiguous syntax/.test(msg))
    return 'A line starts with ( right after a call on the line before: Lua 5.1 cannot tell whether it continues the call. Put a ; before the (.';
  if (/^'=' or 'in' expected/.test(msg))
    return "A for loop needs '=' (numeric) or 'in' (generic) after its names.";
  return 'Lua could not compile the script here; the server’s words above say what it found.';
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
      plain: `The script does not compile, so the server runs none of it. ${plainCompileMessage(m[2]!)}`,
    };
  }
  m = RUNTIME.exec(error);
  if (m) {
    const line = Number(m[1]);
    return {
      kind: 'runtime',
      line,
      redis: error,
      plain: `The script stopped with an error on line ${line}. The writes it made before that line stay: Redis does not undo a script that fails.`,
    };
  }
  return null;
}
