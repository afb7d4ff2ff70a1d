import {
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import {
  exportCommands,
  type Fork,
  completionNames,
  ConsoleHistory,
  type HistoryStore,
  ConsoleSession,
  isSensitive,
  type LogLine,
  type RunResult,
} from '../../console/index.ts';
import { ConsoleLog } from './ConsoleLog.tsx';
import { consoleWords as T } from '../../../content/console.ts';
import { fill, grouped } from '../../content/template.ts';
import s from './console.module.css';

/** The most log lines kept; older ones are dropped with a line saying so. */
export const MAX_LOG_LINES = 100_000;

export interface ConsoleProps {
  /** builds the server the console starts from; called at start and whenever `forkKey` changes */
  fork: () => Fork;
  /** a new key forks again: the parent changes it to reset or to follow another step */
  forkKey: string;
  /** the reset button was pressed */
  onReset: () => void;
  /** what the fork stands for, in words: "step 3 of 40" */
  origin: string;
  /** the label of the reset button ("Reset to step 3") */
  resetLabel: string;
  /** lines to run at start, as a shared link carries them */
  initialLines?: readonly string[];
  /** told the lines typed since the last reset, to keep them in the URL */
  onLinesChange?: (lines: readonly string[]) => void;
  /** where ↑/↓ history is kept (localStorage unless said; null keeps none across reloads) */
  historyStore?: HistoryStore | null;
  /** what the bar adds after the fork's origin (the stepper's console: its run is not changed) */
  aside?: string;
  /** told of each line typed and sent (not one refused before it was parsed) */
  onCommand?: (result: RunResult) => void;
  /** told once the first fork is up and its greeting shown */
  onReady?: () => void;
  /** the log grows with its lines up to its full height (an embed sized to its content) */
  grow?: boolean;
  /** more buttons for the bar (the lesson's Embed button) */
  actions?: ReactNode;
}

function defaultStore(): HistoryStore | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function greeting(session: ConsoleSession, origin: string): LogLine[] {
  return [
    {
      kind: 'note',
      text: fill(T.greeting, { origin, user: session.user() }),
    },
  ];
}

/**
 * redis-cli in the page: an input named "Command" over a log named "Console output", on its
 * own fork of a simulated server. Lines are parsed and printed exactly as redis-cli does;
 * ↑/↓ walk the history (kept across reloads), Tab completes command names, CLEAR empties
 * the log, and the copy button exports the keyspace as redis-cli commands.
 */
export function Console({
  fork,
  forkKey,
  origin,
  resetLabel,
  onReset,
  initialLines,
  onLinesChange,
  historyStore,
  aside = T.asideStepper,
  onCommand,
  onReady,
  grow = false,
  actions,
}: ConsoleProps) {
  const inputId = useId();
  const history = useMemo(
    () => new ConsoleHistory(historyStore === undefined ? defaultStore() : historyStore),
    [historyStore],
  );
  const session = useRef<ConsoleSession | null>(null);
  const typed = useRef<string[]>([]);
  const [lines, setLines] = useState<LogLine[]>([]);
  const [value, setValue] = useState('');
  const [prompt, setPrompt] = useState('127.0.0.1:6379> ');
  const [copied, setCopied] = useState<string>('');
  const [sent, setSent] = useState(0);
  const completion = useRef<{ prefix: string; index: number } | null>(null);

  const append = useCallback((more: LogLine[], clear = false) => {
    setLines((old) => {
      const next = clear ? [...more] : old.concat(more);
      if (next.length <= MAX_LOG_LINES) return next;
      const cut = next.length - MAX_LOG_LINES;
      return [
        { kind: 'note', text: `… ${grouped(cut)} older lines dropped` },
        ...next.slice(cut + 1),
      ];
    });
  }, []);

  const start = useCallback(
    (replay: readonly string[]) => {
      const { server, user, notes } = fork();
      const next = new ConsoleSession(server, user);
      session.current = next;
      typed.current = [];
      const out = greeting(next, origin);
      for (const text of notes ?? []) out.push({ kind: 'note', text });
      for (const line of replay) {
        const r = next.run(line);
        if (!r.refused && !isSensitive(line)) typed.current.push(line);
        if (r.clear) out.length = 0;
        for (const l of r.lines) out.push(l);
      }
      setLines(out);
      setPrompt(next.prompt());
      onLinesChange?.(typed.current);
    },
    [fork, origin, onLinesChange],
  );

  // a shared link's lines replay on the first fork only
  const replay = useRef(initialLines ?? []);
  const readyTold = useRef(false);
  // A layout effect, not a passive one: the input shows in the same commit, and a key pressed
  // before a deferred passive effect ran would find no session (Enter and Tab would do nothing).
  useLayoutEffect(() => {
    start(replay.current);
    replay.current = [];
    if (!readyTold.current) {
      readyTold.current = true;
      onReady?.();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a fork is made when its key changes, not when a callback is rebuilt
  }, [forkKey]);

  const submit = () => {
    const current = session.current;
    if (!current) return;
    const line = value;
    const r = current.run(line);
    setSent((n) => n + 1);
    // a password line runs, but nothing that outlives it (history, link, snippet) keeps it
    const secret = !r.refused && isSensitive(line);
    append(secret ? [...r.lines, { kind: 'note', text: T.keptOut }] : r.lines, r.clear);
    setPrompt(current.prompt());
    if (r.refused) return; // the line stays in the input for editing
    onCommand?.(r);
    history.push(line);
    if (line.trim() !== '' && !secret) {
      typed.current = [...typed.current, line];
      onLinesChange?.(typed.current);
    }
    setValue('');
  };

  const complete = () => {
    const current = session.current;
    if (!current || /\s/.test(value.trimStart())) return false;
    const state = completion.current ?? { prefix: value.trimStart(), index: -1 };
    const matches = completionNames(current.server).filter((n) =>
      n.toLowerCase().startsWith(state.prefix.toLowerCase()),
    );
    if (matches.length === 0) return false;
    const index = (state.index + 1) % matches.length;
    completion.current = { prefix: state.prefix, index };
    setValue(matches[index]!);
    return true;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Tab' && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey) {
      // Tab completes when there is a command word to complete; otherwise it moves focus on
      if (complete()) e.preventDefault();
      return;
    }
    completion.current = null;
    if (e.key === 'Enter') {
      e.preventDefault();
      submit();
    } else if (e.key === 'ArrowUp') {
      const prev = history.back(value);
      if (prev !== null) {
        e.preventDefault();
        setValue(prev);
      }
    } else if (e.key === 'ArrowDown') {
      const next = history.forward();
      if (next !== null) {
        e.preventDefault();
        setValue(next);
      }
    } else if (e.key === 'l' && e.ctrlKey) {
      e.preventDefault();
      setLines([]);
    }
  };

  const copyExport = async () => {
    const current = session.current;
    if (!current) return;
    const text = `${exportCommands(current.server).join('\n')}\n`;
    try {
      await navigator.clipboard.writeText(text);
      setCopied(T.exported);
    } catch {
      setCopied(T.exportRefused);
    }
  };

  return (
    // the console owns its keys: arrows, Space, Home and End scroll its log or edit its line,
    // and must not also step a stepper around it
    <div className={s.root} data-console="" onKeyDown={(e) => e.stopPropagation()}>
      <div className={s.bar}>
        <span className={s.origin} data-testid="console-origin">
          {fill(T.origin, { origin, aside })}
        </span>
        <button type="button" className={s.button} onClick={onReset}>
          {resetLabel}
        </button>
        <button type="button" className={s.button} onClick={() => void copyExport()}>
          {T.copyExport}
        </button>
        {actions}
        <span role="status" className={s.origin}>
          {copied}
        </span>
      </div>
      <ConsoleLog lines={lines} sent={sent} grow={grow} />
      <div className={s.prompt}>
        <label htmlFor={inputId} aria-hidden="true">
          {prompt}
        </label>
        <input
          id={inputId}
          aria-label={T.command}
          value={value}
          onChange={(e) => {
            completion.current = null;
            setValue(e.target.value);
          }}
          onKeyDown={onKeyDown}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="off"
        />
      </div>
      <p className={s.hint}>{T.keys}</p>
    </div>
  );
}
