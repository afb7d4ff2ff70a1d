/**
 * `embed/batch-lease.js`: custom elements for course pages that allow a
 * script tag — `<batch-lease-stepper>`, `<batch-lease-fates>` and `<batch-lease-console>`. Each
 * instance renders its own React root inside its own shadow root, with the
 * lesson's styles adopted there (a constructed stylesheet, so a host's strict
 * style-src needs no exception), and dispatches the host events as DOM
 * CustomEvents named `batch-lease:step`, `batch-lease:completed`, …
 *
 * Attributes: `theme` (auto | light | dark), `state` (a stepper state as the
 * lesson's URL hash writes it, e.g. `#stepper?preset=default&x=script&k=12`),
 * `editor="0"`, `predict="1"`, `fate="stale-token"`, `console` (a console's typed lines as the
 * lesson's `?console=` writes them), `off-thread` (the stepper's and the console's simulator in
 * a worker started from a `blob:` URL, which the host's CSP must allow: docs/embedding.md).
 */
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { FailureNotice } from '../components/failure-notice.tsx';
import { loadChunk } from '../loading/index.ts';
import { decodeHash } from '../scenario/index.ts';
// the lesson's colours, fonts and listing tokens; the build moves them into the shadow roots
import '../styles/lesson.css';
import { EmbedApp, type EmbedData } from './EmbedApp.tsx';
import { embedMessage, type EmbedEmitter } from './host-events.ts';
import { EMBED_OPTION_NAMES, readOptions } from './options.ts';
import { applyTheme } from './theme.ts';
import { embedWords } from '../../content/embed.ts';
import {
  EMBED_WIDGETS,
  STEPPER_HASH_KEY,
  WIDGET_INFO,
  WIDGET_WHAT,
  type EmbedWidget,
} from './widgets.ts';

// Replaced by the build with the lesson's whole stylesheet, rewritten for a shadow root
// (scripts/vite-plugin-embed-element.ts); in the dev server it stays empty.
const STYLES = '__BATCH_LEASE_CSS__';

let sheet: CSSStyleSheet | null = null;
function styles(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLES.startsWith('__BATCH_LEASE') ? '' : STYLES);
  }
  return sheet;
}

// The element is a block; the stepper's is a stage of fixed height, filled by the stepper: the
// host's own rule (`batch-lease-stepper { height: … }`) wins over this default, as a host's
// styles always win over :host.
const HOST_CSS = `:host { display: block; }
:host([data-widget='stepper']) { height: 46rem; min-height: 32.5rem; }
:host([data-widget='stepper']) > div { height: 100%; }`;
let hostSheet: CSSStyleSheet | null = null;
function hostStyles(): CSSStyleSheet {
  if (!hostSheet) {
    hostSheet = new CSSStyleSheet();
    hostSheet.replaceSync(HOST_CSS);
  }
  return hostSheet;
}

// the lesson sits one folder up from embed/batch-lease.js, on the lesson's own origin
const lessonUrl = new URL(/* @vite-ignore */ '../', import.meta.url).href;

/**
 * The fate picker's answers, made on the simulated server when the site was built
 * (`virtual:fate-answers`, the function that gives the lesson's picker its props): the element
 * loads them as data and never the simulator. Their chunk comes through loadChunk (a bounded
 * wait, a failure that says why); a failure is forgotten, so the next call (Retry) imports it
 * afresh.
 */
let answers: Promise<EmbedData> | null = null;
function fateData(): Promise<EmbedData> {
  answers ??= loadChunk(() => import('virtual:fate-answers'), { what: 'the fate picker' }).then(
    (m) => ({ widget: 'fates' as const, answers: m.answers }),
  );
  answers.catch(() => (answers = null));
  return answers;
}

abstract class BatchLeaseElement extends HTMLElement {
  static observedAttributes = [...EMBED_OPTION_NAMES, 'state'];
  abstract readonly widget: EmbedWidget;
  private root: Root | null = null;
  private container: HTMLDivElement | null = null;
  private renders = 0;

  connectedCallback(): void {
    if (!this.shadowRoot) {
      const shadow = this.attachShadow({ mode: 'open' });
      shadow.adoptedStyleSheets = [styles(), hostStyles()];
      this.container = document.createElement('div');
      shadow.append(this.container);
    }
    this.dataset.widget = this.widget;
    if (!this.hasAttribute('role')) this.setAttribute('role', 'region');
    if (!this.hasAttribute('aria-label'))
      this.setAttribute('aria-label', WIDGET_INFO[this.widget].title);
    this.root ??= createRoot(this.container!);
    void this.update();
  }

  disconnectedCallback(): void {
    this.root?.unmount();
    this.root = null;
  }

  attributeChangedCallback(): void {
    if (this.root) void this.update();
  }

  private emit: EmbedEmitter = (kind, detail) => {
    const message = embedMessage(kind, this.widget, this.id || null, detail);
    this.dispatchEvent(
      new CustomEvent(message.type, { detail: message, bubbles: true, composed: true }),
    );
  };

  private async update(): Promise<void> {
    const render = ++this.renders;
    const pairs: [string, string][] = [];
    for (const name of EMBED_OPTION_NAMES) {
      const v = this.getAttribute(name);
      if (v !== null) pairs.push([name, v]);
    }
    const { options, notices } = readOptions(pairs, this.widget);
    applyTheme(this, options.theme);
    let initialState = null;
    const state = this.getAttribute('state');
    if (state !== null && this.widget !== 'fates') {
      const decoded = decodeHash(state.startsWith('#') ? state : `#${state}`, STEPPER_HASH_KEY);
      if (decoded?.state) initialState = decoded.state;
      else notices.push(decoded?.notice ?? embedWords.app.badState);
    }
    let data: EmbedData;
    try {
      data = this.widget === 'fates' ? await fateData() : { widget: this.widget };
    } catch (error) {
      console.error(`[${WIDGET_INFO[this.widget].element}]`, error);
      if (render !== this.renders || !this.root) return;
      // the widget's chunk did not come: say why in the element, with Retry
      this.root.render(
        <FailureNotice
          error={error}
          what={WIDGET_WHAT[this.widget]}
          onRetry={() => void this.update()}
        />,
      );
      return;
    }
    if (render !== this.renders || !this.root) return;
    this.root.render(
      <StrictMode>
        <ErrorBoundary what={WIDGET_WHAT[this.widget]}>
          <EmbedApp
            key={`${state ?? ''}|${options.predict}|${options.fate ?? ''}|${options.console ?? ''}|${options.offThread}`}
            data={data}
            options={options}
            notices={notices}
            lessonUrl={lessonUrl}
            emit={this.emit}
            hashKey={null}
            initialState={initialState}
          />
        </ErrorBoundary>
      </StrictMode>,
    );
  }
}

class BatchLeaseStepper extends BatchLeaseElement {
  readonly widget = 'stepper' as const;
}

class BatchLeaseFates extends BatchLeaseElement {
  readonly widget = 'fates' as const;
}

class BatchLeaseConsole extends BatchLeaseElement {
  readonly widget = 'console' as const;
}

const ELEMENTS: Readonly<Record<EmbedWidget, CustomElementConstructor>> = {
  stepper: BatchLeaseStepper,
  fates: BatchLeaseFates,
  console: BatchLeaseConsole,
};

// a page that includes the script twice keeps the first definition
for (const widget of EMBED_WIDGETS) {
  const tag = WIDGET_INFO[widget].element;
  if (!customElements.get(tag)) customElements.define(tag, ELEMENTS[widget]);
}
