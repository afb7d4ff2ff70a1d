import { memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import { SHARE_CAPS } from '../../scenario/caps.ts';
import type { ScriptErrorWords } from '../../machines/script-error-words.ts';
import { dropScriptDraft, keepScriptDraft, readScriptDraft } from './script-draft-store.ts';
import d from './script.module.css';
import s from './stepper.module.css';

export interface ScriptEditorProps {
  /** the text the script executor runs now (the lesson's, a counterfactual's or the learner's) */
  running: string;
  /** the lesson's script, for "Reset" */
  lesson: string;
  /** the running script's error, read apart (compile or run time), or null */
  error: ScriptErrorWords | null;
  onRun: (text: string) => void;
  onReset: () => void;
  /** where unrun edits are kept (the stepper's hash key; `local:` keeps them in memory only) */
  draftKey: string;
}

/**
 * The script editor: a plain textarea with line numbers (every key works as in any text field;
 * Tab leaves it, so keyboard users are never trapped). "Run this script" runs the text on the
 * current scenario with the script executor; an error is shown at its line as the server words
 * it and in plain words; unrun text is kept (script-draft-store.ts) until it is run or reset.
 */
export const ScriptEditor = memo(function ScriptEditor({
  running,
  lesson,
  error,
  onRun,
  onReset,
  draftKey,
}: ScriptEditorProps) {
  const uid = useId();
  const [text, setText] = useState(() => readScriptDraft(draftKey)?.text ?? running);
  // a new script from elsewhere (a counterfactual, a link) replaces the text unless it was edited
  const base = useRef(readScriptDraft(draftKey)?.base ?? running);
  useEffect(() => {
    if (readScriptDraft(draftKey) === null) {
      base.current = running;
      setText(running);
    }
  }, [running, draftKey]);
  // every keystroke is kept at once (a script is a few KB): a reload right after typing loses nothing
  const edit = (next: string) => {
    setText(next);
    if (next === running) dropScriptDraft(draftKey);
    else keepScriptDraft(draftKey, { text: next, base: base.current });
  };
  const unrun = text !== running;
  const lines = useMemo(() => text.split('\n').length, [text]);
  const errorLine = !unrun && error ? error.line : 0;
  const gutter = useMemo(
    () =>
      Array.from({ length: lines }, (_, i) => (
        <span key={i} className={i + 1 === errorLine ? d.gutterError : undefined}>
          {i + 1 === errorLine ? `! ${i + 1}` : i + 1}
          {'\n'}
        </span>
      )),
    [lines, errorLine],
  );
  const over = text.length > SHARE_CAPS.scriptChars;
  const run = () => {
    dropScriptDraft(draftKey);
    onRun(text);
  };
  return (
    <div className={d.editorWrap} data-testid="script-editor">
      <p className={`${s.hint} ${s.flush}`}>
        Edit the Lua and run it on this scenario with the script executor: the server loads it
        (SCRIPT LOAD) and runs it (EVALSHA) exactly as it runs the lesson&apos;s script. Tab leaves
        the editor.
      </p>
      <label className={s.label} htmlFor={`${uid}-lua`}>
        Lua script (KEYS[1] active · KEYS[2] the base · ARGV[1] lease_ms, then id, token pairs)
      </label>
      <div className={d.editor}>
        <pre className={d.gutter} aria-hidden="true">
          {gutter}
        </pre>
        <textarea
          id={`${uid}-lua`}
          className={d.textarea}
          value={text}
          rows={lines}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          autoCorrect="off"
          wrap="off"
          aria-invalid={errorLine > 0 && error?.kind === 'compile' ? true : undefined}
          aria-describedby={error && !unrun ? `${uid}-error` : `${uid}-state`}
          onChange={(e) => edit(e.target.value)}
          onKeyDown={(e) => {
            // Ctrl/Cmd+Enter runs, as in most code playgrounds
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              run();
            }
          }}
        />
      </div>
      <p className={`${s.hint} ${s.flush}`} id={`${uid}-state`} role="status">
        {unrun
          ? 'Not run yet: your edits are kept until you run or reset them.'
          : running === lesson
            ? "This is the lesson's script."
            : 'This script is running.'}
        {over
          ? ` At ${text.length.toLocaleString('en')} characters it is too large to share as a link (a link carries at most ${SHARE_CAPS.scriptChars.toLocaleString('en')}); it still runs here.`
          : ''}
      </p>
      {error && !unrun ? (
        <div className={d.error} id={`${uid}-error`} role="alert" data-testid="script-error">
          <p className={s.flush}>
            {error.line > 0 ? `Line ${error.line}: ` : ''}
            {error.plain}
          </p>
          <p className={s.flush}>
            The server says: <code>{error.redis}</code>
          </p>
        </div>
      ) : null}
      <div className={s.row}>
        <button type="button" className={`${s.button} ${s.primary}`} onClick={run}>
          Run this script
        </button>
        <button
          type="button"
          className={s.button}
          disabled={running === lesson && text === lesson}
          onClick={() => {
            dropScriptDraft(draftKey);
            base.current = lesson;
            setText(lesson);
            onReset();
          }}
        >
          Reset to the lesson&apos;s script
        </button>
      </div>
    </div>
  );
});
