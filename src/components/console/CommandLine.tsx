import { useId, type KeyboardEvent } from 'react';
import type { ConsoleHistory } from '../../console/index.ts';
import { consoleWords as T } from '../../../content/console.ts';
import type { TabCompletion } from './use-tab-completion.ts';
import s from './console.module.css';

/**
 * The console's command line: the prompt, an input named "Command" and the keys' hint. Its keys
 * are redis-cli's: Enter sends, ↑/↓ walk the history, Tab completes a command's name (or moves
 * focus on when there is none to complete), Ctrl-L empties the log.
 */
export function CommandLine({
  prompt,
  value,
  onValue,
  onEnter,
  onClearLog,
  history,
  tab,
}: {
  prompt: string;
  value: string;
  onValue: (value: string) => void;
  onEnter: () => void;
  onClearLog: () => void;
  history: ConsoleHistory;
  tab: TabCompletion;
}) {
  const inputId = useId();
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Tab' && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey) {
      // Tab completes when there is a command word to complete; otherwise it moves focus on
      const completed = tab.next(value);
      if (completed !== null) {
        e.preventDefault();
        onValue(completed);
      }
      return;
    }
    tab.forget();
    if (e.key === 'Enter') {
      e.preventDefault();
      onEnter();
    } else if (e.key === 'ArrowUp') {
      const prev = history.back(value);
      if (prev !== null) {
        e.preventDefault();
        onValue(prev);
      }
    } else if (e.key === 'ArrowDown') {
      const next = history.forward();
      if (next !== null) {
        e.preventDefault();
        onValue(next);
      }
    } else if (e.key === 'l' && e.ctrlKey) {
      e.preventDefault();
      onClearLog();
    }
  };
  return (
    <>
      <div className={s.prompt}>
        <label htmlFor={inputId} aria-hidden="true">
          {prompt}
        </label>
        <input
          id={inputId}
          aria-label={T.command}
          value={value}
          onChange={(e) => {
            tab.forget();
            onValue(e.target.value);
          }}
          onKeyDown={onKeyDown}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="off"
        />
      </div>
      <p className={s.hint}>{T.keys}</p>
    </>
  );
}
