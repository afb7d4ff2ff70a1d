import { lazy, Suspense, useState } from 'react';
import type { FateId } from '../fates/catalogue.ts';
import { useHydrated } from '../components/use-hydrated.ts';
import { decodeShared, SHARE_PARAM } from '../console/share.ts';
import { STEPPER_HASH_KEY, type EmbedWidget } from './widgets.ts';

// the dialog (snippets, preview) is fetched the first time an author asks for it
const EmbedDialog = lazy(() =>
  import('./EmbedDialog.tsx').then((m) => ({ default: m.EmbedDialog })),
);

/** The stepper's state as the lesson's hash holds it now, or '' when it holds none. */
function currentStepperHash(): string {
  const h = window.location.hash;
  return h.startsWith(`#${STEPPER_HASH_KEY}?`) ? h : '';
}

/** The console's typed lines as the lesson's query holds them now (`?console=`), or null. */
function currentConsoleLines(): string | null {
  const search = window.location.search;
  return decodeShared(search) ? new URLSearchParams(search).get(SHARE_PARAM) : null;
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
        Embed
      </button>
      {open ? (
        <Suspense fallback={null}>
          <EmbedDialog
            widget={widget}
            hash={open.hash}
            fate={fate}
            lines={open.lines}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
