import { useState } from 'react';
import { LazyPanel } from '../components/lazy-panel.tsx';
import type { FateId } from '../fates/picker.ts';
import { useHydrated } from '../components/use-hydrated.ts';
import { encodeShared, sharedIn, withoutShared } from '../console/share.ts';
import type { EmbedDialogProps } from './EmbedDialog.tsx';
import { STEPPER_HASH_KEY, type EmbedWidget } from './widgets.ts';
import { embedWords } from '../../content/embed.ts';

// the dialog (snippets, preview) is fetched the first time an author asks for it, through
// loadChunk: if it does not come, the message and Retry sit by the button, and the widget works on
const loadEmbedDialog = () => import('./EmbedDialog.tsx').then((m) => m.EmbedDialog);

/** The stepper's state as the lesson's hash holds it now (without the console's lines), or ''. */
function currentStepperHash(): string {
  const h = withoutShared(window.location.hash);
  return h.startsWith(`#${STEPPER_HASH_KEY}?`) ? h : '';
}

/**
 * The console's typed lines as the lesson's URL holds them now (its hash, or an old link's
 * query), encoded afresh so no password line a crafted link carried reaches a snippet; or null.
 */
function currentConsoleLines(): string | null {
  const shared = sharedIn(window.location);
  if (!shared) return null;
  const { value, dropped } = encodeShared(shared);
  return dropped < shared.lines.length ? value : null;
}

/** "Embed": opens the snippets for this widget in its current state. */
export function EmbedButton({
  widget,
  fate = null,
}: {
  widget: EmbedWidget;
  fate?: FateId | null;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState<{ hash: string; lines: string | null } | null>(null);
  return (
    <>
      <button
        type="button"
        className="embed-button"
        disabled={!hydrated}
        onClick={() =>
          setOpen({
            hash: currentStepperHash(),
            lines: widget === 'console' ? currentConsoleLines() : null,
          })
        }
      >
        {embedWords.button}
      </button>
      {open ? (
        <LazyPanel<EmbedDialogProps>
          what={embedWords.dialogWhat}
          load={loadEmbedDialog}
          fallback={null}
          props={{
            widget,
            hash: open.hash,
            fate,
            lines: open.lines,
            onClose: () => setOpen(null),
          }}
        />
      ) : null}
    </>
  );
}
