import { memo, useEffect, useId, useMemo, useState } from 'react';
import { loadChunk } from '../../loading/index.ts';
import { SHARE_CAPS } from '../../scenario/index.ts';
import {
  OffThreadUnavailable,
  scriptErrorWords,
  type ScriptErrorWords,
} from '../../stepper/index.ts';
import {
  dropScriptDraft,
  keepScriptDraft,
  readScriptDraft,
  scriptDraftDiscarded,
  scriptDraftPersistence,
  type DraftPersistence,
} from './script-draft-store.ts';
import { linkedScript } from './script-draft-follow.ts';
import { persists } from './session-store.ts';
import { editorWords } from '../../../content/editors.ts';
import { fill, grouped } from '../../content/template.ts';
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
  /**
   * The server's compile check made off the page's thread (the stepper's worker): null when the
   * text compiles, else the error. Without it, or where no worker starts, the page loads the
   * simulator and checks the text itself.
   */
  check?: (text: string) => Promise<string | null>;
}

const T = editorWords.script;

/** What the status line adds about a reload, true to where the edit lives (as the scenario's). */
const RELOAD_WORDS: Readonly<Record<DraftPersistence, string>> = {
  stored: '',
  memory: editorWords.scenario.reload.memory,
  'too-large': editorWords.scenario.reload.tooLarge,
  'no-storage': editorWords.scenario.reload.noStorage,
};

/** How long typing pauses before the text is compiled, as the server would compile it. */
const CHECK_DELAY_MS = 250;

/** The simulator's compile check on the page (its chunk), or null when it could not load. */
const loadChecker = () =>
  loadChunk(() => import('../../stepper/simulate.ts'), {
    what: 'the simulated server',
  }).then(
    (m) => m.checkScript,
    () => null,
  );

/**
 * What the server would say of `text` as typed: its compile error read apart, null when it
 * compiles, undefined while not known (no check yet, or the simulator could not load).
 */
function useCompileCheck(
  text: string,
  skip: boolean,
  offThread: ScriptEditorProps['check'],
): ScriptErrorWords | null | undefined {
  const [result, setResult] = useState<{ text: string; error: ScriptErrorWords | null } | null>(
    null,
  );
  useEffect(() => {
    if (skip) return;
    let live = true;
    const onPage = () => loadChecker().then((check) => (check ? check(text) : undefined));
    const timer = setTimeout(() => {
      // the worker's answer; where no worker starts, the page's own (a run ended meanwhile
      // leaves this text unchecked: the next edit asks again)
      const asked = offThread
        ? offThread(text).catch((e: unknown) =>
            e instanceof OffThreadUnavailable ? onPage() : undefined,
          )
        : onPage();
      void asked.then((error) => {
        if (!live || error === undefined) return;
        setResult({ text, error: error === null ? null : scriptErrorWords(error) });
      });
    }, CHECK_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, skip, offThread]);
  return result && result.text === text ? result.error : undefined;
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
  check,
}: ScriptEditorProps) {
  const uid = useId();
  // What was kept from before. A text that was run is kept until the link carries it: found
  // here with the link not carrying it, the tab closed (or crashed) before the link was written.
  const [kept] = useState(() => {
    const d = readScriptDraft(draftKey);
    if (d?.ran && linkedScript(draftKey) === d.text) {
      dropScriptDraft(draftKey);
      return { draft: null, restored: false };
    }
    return { draft: d, restored: d?.ran === true && d.text !== running };
  });
  const [discarded] = useState(() => scriptDraftDiscarded(draftKey));
  const [text, setText] = useState(() => kept.draft?.text ?? running);
  const [keptAs, setKeptAs] = useState<DraftPersistence>(() => scriptDraftPersistence(draftKey));
  // the script running when the text was last replaced, and the one an edit began from
  const [from, setFrom] = useState(() => ({ running, base: kept.draft?.base ?? running }));
  // a new script from elsewhere (a counterfactual, a link) replaces the text unless it was edited
  // (an edit is kept until it is run or reset: no draft, no edit)
  if (from.running !== running) {
    const edited = readScriptDraft(draftKey) !== null;
    setFrom({ running, base: edited ? from.base : running });
    if (!edited) setText(running);
  }
  // what is kept follows what runs, open or not: the stepper applies script-draft-follow.ts
  // every keystroke is kept at once (a script is a few KB): a reload right after typing loses nothing
  const edit = (next: string) => {
    setText(next);
    if (next === running) dropScriptDraft(draftKey);
    else setKeptAs(keepScriptDraft(draftKey, { text: next, base: from.base }));
  };
  const unrun = text !== running;
  const lines = useMemo(() => text.split('\n').length, [text]);
  // the text as typed, compiled as the server would: only while it differs from what ran
  const typed = useCompileCheck(text, !unrun, check);
  const shown = unrun ? (typed ?? null) : error;
  const errorLine = shown ? shown.line : 0;
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
  // A text that ran is kept until the link holds it. Where no link ever will (a stepper without
  // one, such as a custom element's, or a script past what a link carries) and storage did not
  // take it either, the page's memory is all that holds it: say so, as an unrun edit's line does.
  const unkept =
    !unrun &&
    running !== lesson &&
    (!persists(draftKey) || over) &&
    keptAs !== 'stored' &&
    readScriptDraft(draftKey)?.text === running;
  // The text stays kept while it runs: the link is written only once the run has ended, and a
  // run can end the tab. The lesson's own script needs no keeping.
  const run = () => {
    if (text === lesson) dropScriptDraft(draftKey);
    else setKeptAs(keepScriptDraft(draftKey, { text, base: from.base, ran: true }));
    onRun(text);
  };
  return (
    <div className={d.editorWrap} data-testid="script-editor">
      <p className={`${s.hint} ${s.flush}`}>{T.intro}</p>
      <label className={s.label} htmlFor={`${uid}-lua`}>
        {T.label}
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
          aria-invalid={errorLine > 0 && shown?.kind === 'compile' ? true : undefined}
          aria-describedby={shown ? `${uid}-error ${uid}-state` : `${uid}-state`}
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
      {discarded || (kept.restored && unrun) ? (
        <p className={`${s.hint} ${s.flush}`} role="status" data-testid="script-kept-note">
          {discarded ? T.discarded : T.restored}
        </p>
      ) : null}
      <p className={`${s.hint} ${s.flush}`} id={`${uid}-state`} role="status">
        {unrun
          ? `${T.unrun}${RELOAD_WORDS[keptAs]}${typed === null ? T.compiles : ''}`
          : running === lesson
            ? T.lessons
            : T.running}
        {over
          ? fill(T.tooLargeToShare, {
              count: grouped(text.length),
              cap: grouped(SHARE_CAPS.scriptChars),
            })
          : ''}
        {unkept ? T.runNotKept : ''}
      </p>
      {shown ? (
        <div
          className={d.error}
          id={`${uid}-error`}
          // the run's error is news; the check while typing must not interrupt at every key
          role={unrun ? 'status' : 'alert'}
          data-testid={unrun ? 'script-check' : 'script-error'}
        >
          <p className={s.flush}>
            {unrun ? T.wouldRefuse : ''}
            {shown.line > 0 ? fill(T.atLine, { line: shown.line }) : ''}
            {shown.plain}
          </p>
          <p className={s.flush}>
            {T.serverSays}
            <code>{shown.redis}</code>
          </p>
        </div>
      ) : null}
      <div className={`${s.row} ${s.editorActions}`}>
        <button type="button" className={`${s.button} ${s.primary}`} onClick={run}>
          {T.run}
        </button>
        <button
          type="button"
          className={s.button}
          disabled={running === lesson && text === lesson}
          onClick={() => {
            dropScriptDraft(draftKey);
            setFrom((f) => ({ ...f, base: lesson }));
            setText(lesson);
            onReset();
          }}
        >
          {T.reset}
        </button>
      </div>
    </div>
  );
});
