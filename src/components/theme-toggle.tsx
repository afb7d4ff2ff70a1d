import { useSyncExternalStore } from 'react';
import { useHydrated } from './use-hydrated.ts';
import { pageWords } from '../../content/page.ts';
import { fill } from '../content/template.ts';

/** The theme the reader chose; `system` follows prefers-color-scheme. */
export type ThemeChoice = 'system' | 'light' | 'dark';

/** The localStorage key; index.html's inline script reads the same key before paint. */
export const THEME_KEY = 'lesson-theme';

/**
 * The choice in force: the root's `data-theme`, which public/theme-init.js sets from storage
 * before the first paint and {@link applyChoice} sets on a pick. The document is the store, so
 * the toggle keeps no state of its own (and a choice that storage refused still shows).
 */
function readChoice(): ThemeChoice {
  const theme = document.documentElement.dataset.theme;
  return theme === 'light' || theme === 'dark' ? theme : 'system';
}

function applyChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, choice);
  } catch {
    // storage blocked: the choice still applies to this page view
  }
  if (choice === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = choice;
}

/** Tells `notify` whenever the root's theme changes, whoever changed it. */
function subscribe(notify: () => void): () => void {
  const watch = new MutationObserver(notify);
  watch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => watch.disconnect();
}

const options: ReadonlyArray<{ value: ThemeChoice; label: string; icon: string }> = [
  { value: 'system', label: pageWords.theme.choices.system, icon: 'M2 3h12v8H2zM6 13h4' },
  {
    value: 'light',
    label: pageWords.theme.choices.light,
    icon: 'M8 5a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM8 1v2M8 13v2M1 8h2M13 8h2M3 3l1.4 1.4M11.6 11.6 13 13M3 13l1.4-1.4M11.6 4.4 13 3',
  },
  {
    value: 'dark',
    label: pageWords.theme.choices.dark,
    icon: 'M13 9.5A5.5 5.5 0 0 1 6.5 3 5.5 5.5 0 1 0 13 9.5z',
  },
];

/** Light, dark, or follow the system: a labelled radio group, persisted across visits. */
export function ThemeToggle() {
  const hydrated = useHydrated();
  const choice = useSyncExternalStore(subscribe, readChoice, () => 'system' as const);
  return (
    <fieldset className="theme-toggle" data-ready={hydrated ? 'true' : undefined}>
      <legend className="sr-only">{pageWords.theme.legend}</legend>
      {options.map((o) => (
        <label
          key={o.value}
          className="theme-option"
          title={fill(pageWords.theme.title, { choice: o.label })}
        >
          <input
            type="radio"
            name="theme"
            value={o.value}
            checked={choice === o.value}
            onChange={() => applyChoice(o.value)}
          />
          <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
            <path
              d={o.icon}
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="sr-only">{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
