/**
 * The embed pages' entry (embed/stepper.html, embed/fates.html): one widget,
 * sized for its frame. The build pre-renders the widget with its data; the
 * page hydrates it when the URL asks for nothing else, and renders it afresh
 * when settings (hide the editor, predict mode, a fate) change its shape.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '../styles/lesson.css';
import { watchHeight } from './auto-height.ts';
import { EmbedApp, type EmbedData } from './EmbedApp.tsx';
import { embedMessage, type EmbedEmitter } from './host-events.ts';
import { DEFAULT_OPTIONS, readOptions } from './options.ts';
import { applyTheme } from './theme.ts';

const root = document.getElementById('embed-root');
if (root) {
  const data = JSON.parse(root.dataset.props ?? '{}') as EmbedData;
  const params = new URLSearchParams(window.location.search);
  const { options, notices } = readOptions(params.entries(), data.widget);
  applyTheme(document.documentElement, options.theme);
  const instance = window.name || null;
  const parent = window.parent !== window ? window.parent : null;
  const emit: EmbedEmitter = (kind, detail) => {
    parent?.postMessage(embedMessage(kind, data.widget, instance, detail), '*');
  };
  // relative, as the build rendered it, so hydration finds the same link
  const lessonUrl = '../';
  const app = (
    <StrictMode>
      <EmbedApp
        data={data}
        options={options}
        notices={notices}
        lessonUrl={lessonUrl}
        emit={emit}
        hashKey="stepper"
      />
    </StrictMode>
  );
  const asBuilt =
    notices.length === 0 && JSON.stringify(options) === JSON.stringify(DEFAULT_OPTIONS);
  if (asBuilt && root.firstElementChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
  if (parent) watchHeight(root, parent, window.location.href);
}
