import { useState, type ReactNode } from 'react';
import { writeClipboard } from './copy-button.tsx';

/** What a copy button says: its face, the two outcomes, and the fallback field's name. */
export interface CopyWords {
  button: string;
  copied: string;
  refused: string;
  field: string;
}

/** The class names of a copy button's parts, from the panel that holds it. */
export interface CopyClasses {
  button?: string;
  status?: string;
  field?: string;
}

/**
 * A button that puts `text()` on the clipboard and says so in a live region; when the clipboard
 * is refused, it says that and shows the text in a read-only field to copy by hand. `text` is
 * read at the click, so an address built from the whole state is built only when asked for;
 * `shown`, when given, is what the field shows instead of the text refused (a line that follows
 * its run).
 */
export function CopyWithFallback({
  text,
  shown,
  words,
  classes = {},
  statusTestId,
  face = words.button,
}: {
  text: () => string;
  shown?: string;
  words: CopyWords;
  /** what the button shows, when it is not `words.button` as it is (a label cut short on a
   * phone, its name still `words.button`) */
  face?: ReactNode;
  classes?: CopyClasses;
  statusTestId: string;
}) {
  const [state, setState] = useState<{ said: string; refused: string | null } | null>(null);
  const copy = () => {
    const value = text();
    writeClipboard(value).then(
      () => setState({ said: words.copied, refused: null }),
      () => setState({ said: words.refused, refused: value }),
    );
  };
  const field = state === null || state.refused === null ? null : (shown ?? state.refused);
  return (
    <>
      <button type="button" className={classes.button} onClick={copy}>
        {face}
      </button>
      <span role="status" className={classes.status} data-testid={statusTestId}>
        {state?.said ?? ''}
      </span>
      {field === null ? null : (
        <input
          className={classes.field}
          readOnly
          value={field}
          aria-label={words.field}
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
    </>
  );
}
