import { useEffect, useId, useRef, useState } from 'react';
import { writeClipboard } from '../components/copy-button.tsx';
import { decodeSharedValue } from '../console/share.ts';
import { DEFAULT_OPTIONS, type EmbedOptions } from './options.ts';
import { useElementPin } from './use-element-pin.ts';
import {
  elementSnippet,
  embedUrl,
  iframeSnippet,
  instanceName,
  resizerSnippet,
} from './snippets.ts';
import { EMBED_THEMES, WIDGET_INFO, type EmbedWidget } from './widgets.ts';
import { embedWords } from '../../content/embed.ts';
import { lmsWords } from '../../content/lms.ts';
import type { PackageKind } from '../lms/kinds.ts';
import { fill } from '../content/template.ts';
import s from './embed-dialog.module.css';

const D = embedWords.dialog;

export interface EmbedDialogProps {
  widget: EmbedWidget;
  /** the stepper's state as the lesson's URL hash holds it now ('' for the opening state) */
  hash: string;
  /** the fate the picker shows now (fate picker only) */
  fate: EmbedOptions['fate'];
  /** the lines typed in the console so far, as its `console=` holds them (console only) */
  lines?: EmbedOptions['console'];
  onClose: () => void;
}

/**
 * "Embed this widget": the iframe and custom-element snippets for the widget
 * in its current state, with theme and option choices, copy buttons, and a
 * live preview of exactly what the iframe snippet shows.
 */
export function EmbedDialog({ widget, hash, fate, lines = null, onClose }: EmbedDialogProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [options, setOptions] = useState<EmbedOptions>({
    ...DEFAULT_OPTIONS,
    fate,
    console: lines,
  });
  const [withStep, setWithStep] = useState(hash !== '');
  // one name per dialog opened: each pasted widget is its own instance to its host
  const [name] = useState(() => instanceName(widget, Math.random()));
  const siteUrl = new URL(import.meta.env.BASE_URL, window.location.href).href;
  const pin = useElementPin(siteUrl);
  // the stepper and the console both open at the stepper's state; the fate picker has none
  const stateHash = widget !== 'fates' && withStep ? hash : '';
  const hint = hash === '' ? D.stepFirst : '';
  const typed = decodeSharedValue(lines)?.lines.length ?? 0;
  const url = embedUrl(siteUrl, widget, options, stateHash);
  // three short strings, built afresh each render: nothing here is worth remembering
  const snippets = [
    {
      name: 'iframe',
      label: D.snippets.iframe,
      text: iframeSnippet(url, widget, name),
    },
    {
      name: 'resizer',
      label: D.snippets.resizer,
      text: resizerSnippet(siteUrl),
    },
    {
      name: 'element',
      label: D.snippets.element,
      text: elementSnippet(siteUrl, widget, options, stateHash, name, pin),
    },
  ];
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const set = (patch: Partial<EmbedOptions>) => setOptions((o) => ({ ...o, ...patch }));
  // the element's off-thread attribute (the iframe's page runs its worker anyway): off unless
  // the author says their page allows it, since a page that refuses it reports each try
  const offThreadCheck = (
    <Check
      checked={options.offThread}
      onChange={(on) => set({ offThread: on })}
      label={fill(D.offThread, { origin: new URL(siteUrl).origin })}
    />
  );

  return (
    <dialog ref={ref} className={s.dialog} aria-labelledby={`${id}-title`} onClose={onClose}>
      <header className={s.head}>
        <h2 id={`${id}-title`}>{fill(D.heading, { title: WIDGET_INFO[widget].title })}</h2>
        <button type="button" className={s.button} onClick={() => ref.current?.close()}>
          {D.close}
        </button>
      </header>
      <fieldset className={s.options}>
        <legend>{D.theme}</legend>
        {EMBED_THEMES.map((t) => (
          <label key={t}>
            <input
              type="radio"
              name={`${id}-theme`}
              value={t}
              checked={options.theme === t}
              onChange={() => set({ theme: t })}
            />
            {t === 'auto' ? D.themeAuto : t}
          </label>
        ))}
      </fieldset>
      {widget === 'stepper' ? (
        <fieldset className={s.options}>
          <legend>{D.options}</legend>
          <Check
            checked={withStep}
            disabled={hash === ''}
            onChange={setWithStep}
            label={fill(D.atThisStep, { hint })}
          />
          <Check
            checked={options.hideEditor}
            onChange={(on) => set({ hideEditor: on })}
            label={D.hideEditor}
          />
          <Check
            checked={options.predict}
            onChange={(on) => set({ predict: on })}
            label={D.predict}
          />
          {offThreadCheck}
        </fieldset>
      ) : null}
      {widget === 'console' ? (
        <fieldset className={s.options}>
          <legend>{D.options}</legend>
          <Check
            checked={withStep}
            disabled={hash === ''}
            onChange={setWithStep}
            label={fill(D.atStepperStep, { hint })}
          />
          <Check
            checked={options.console !== null}
            disabled={lines === null}
            onChange={(on) => set({ console: on ? lines : null })}
            label={
              lines === null
                ? D.replayNone
                : typed === 1
                  ? D.replayOne
                  : fill(D.replayMany, { count: typed })
            }
          />
          {offThreadCheck}
        </fieldset>
      ) : null}
      {snippets.map((sn) => (
        <Snippet key={sn.name} id={`${id}-${sn.name}`} label={sn.label} text={sn.text} />
      ))}
      {/* a package's own page has no packages beside it to download */}
      {!inPackage() ? <LmsDownloads siteUrl={siteUrl} headingId={`${id}-lms`} /> : null}
      <h3 className={s.previewTitle}>{D.preview}</h3>
      <iframe
        className={s.preview}
        src={url}
        title={fill(D.previewTitle, { title: WIDGET_INFO[widget].title })}
        loading="lazy"
      />
    </dialog>
  );
}

/**
 * True on a course package's own page (its `<meta name="batch-lease-package">`, see
 * src/lms/kinds.ts), which has no packages beside it. Read here rather than imported: a module
 * this lazy dialog shared with the islands' hydration would be one more script in the lesson's
 * first load (tests/budgets.test.ts).
 */
const inPackage = () => document.querySelector('meta[name="batch-lease-package"]') !== null;

/**
 * "Download for your learning platform": the whole lesson as a SCORM 1.2, SCORM 2004 or cmi5
 * package (the build writes them under lms/), each with one line on when to choose it.
 */
function LmsDownloads({ siteUrl, headingId }: { siteUrl: string; headingId: string }) {
  const L = lmsWords.dialog;
  return (
    <section className={s.downloads} aria-labelledby={headingId}>
      <h3 id={headingId}>{L.heading}</h3>
      <p>{L.intro}</p>
      <ul>
        {(Object.keys(L.packages) as PackageKind[]).map((kind) => (
          <li key={kind}>
            <a href={new URL(`lms/batch-lease-${kind}.zip`, siteUrl).href} download>
              {L.packages[kind].label}
            </a>{' '}
            <span>{L.packages[kind].when}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Check({
  checked,
  disabled = false,
  onChange,
  label,
}: {
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
  label: string;
}) {
  return (
    <label>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

function Snippet({ id, label, text }: { id: string; label: string; text: string }) {
  const [said, setSaid] = useState('');
  return (
    <div className={s.snippet}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        readOnly
        value={text}
        rows={text.split('\n').length + 1}
        spellCheck={false}
      />
      <button
        type="button"
        className={s.button}
        onClick={() =>
          writeClipboard(text).then(
            () => setSaid(D.copied),
            () => setSaid(D.copyFailed),
          )
        }
      >
        {D.copy}
      </button>
      <span role="status" className={s.said}>
        {said}
      </span>
    </div>
  );
}
