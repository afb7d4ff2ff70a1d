import { useRef, useState } from 'react';
import { useHydrated } from './use-hydrated.ts';
import { pageWords } from '../../content/page.ts';
import { fill } from '../content/template.ts';

const C = pageWords.copy;

type CopyState = 'idle' | 'copied' | 'failed';

/** Puts `text` on the clipboard: the async API, or a selection copy where it is refused. */
export async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // permission refused: fall through to the selection copy below
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

/**
 * A listing's plain source, read back from its highlighted lines on the page, so the
 * source is not shipped a second time as a string. Empty lines hold a lone newline.
 */
export function listingText(listing: string, doc: Document = document): string {
  const lines = doc.querySelectorAll(`figure[data-listing="${listing}"] .line`);
  return (
    [...lines].map((l) => (l.textContent === '\n' ? '' : (l.textContent ?? ''))).join('\n') + '\n'
  );
}

/** Copies a listing's plain source and says so in a polite live region. */
export function CopyButton({ listing, title }: { listing: string; title: string }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<number | undefined>(undefined);
  const settle = (next: CopyState) => {
    setState(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setState('idle'), 2000);
  };
  const copy = () => {
    writeClipboard(listingText(listing)).then(
      () => settle('copied'),
      () => settle('failed'),
    );
  };
  return (
    <>
      <button
        type="button"
        className="copy-button"
        data-ready={hydrated ? 'true' : undefined}
        data-state={state}
        aria-label={fill(C.label, { title })}
        onClick={copy}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
          <path
            fill="currentColor"
            d="M5 1.5A1.5 1.5 0 0 1 6.5 0h7A1.5 1.5 0 0 1 15 1.5v9a1.5 1.5 0 0 1-1.5 1.5H12v-1.5h1.5v-9h-7V3H5V1.5ZM1 5.5A1.5 1.5 0 0 1 2.5 4h7A1.5 1.5 0 0 1 11 5.5v9A1.5 1.5 0 0 1 9.5 16h-7A1.5 1.5 0 0 1 1 14.5v-9Zm1.5 0v9h7v-9h-7Z"
          />
        </svg>
        <span>{state === 'copied' ? C.copied : state === 'failed' ? C.failed : C.face}</span>
      </button>
      <span className="sr-only" role="status">
        {state === 'copied' ? fill(C.saidCopied, { title }) : ''}
        {state === 'failed' ? fill(C.saidFailed, { title }) : ''}
      </span>
    </>
  );
}
