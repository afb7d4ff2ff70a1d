import { showDevLoadFailure } from './components/dev-load-failure.ts';
import { afterFirstPaint } from './page/after-first-paint.ts';
import { loadHydration } from './page/load-hydration.ts';
import './styles/lesson.css';
// The token palette of the build-time highlighted listings. The client imports it itself: the
// listings render only in the prerender, so an import beside them never reaches the client CSS.
import 'virtual:listings.css';

const root = document.getElementById('root');

// The built page arrives pre-rendered and only its islands hydrate. The dev server
// sends an empty root, so there the whole page renders on the client; that branch
// (and the lesson content it imports) is dropped from the production bundle.
if (import.meta.env.DEV && root && !root.firstElementChild) {
  // a failure is diagnosed and worded as every chunk's is; no time bound, as a dev server's
  // first start bundles the dependencies and may take a minute on a busy machine
  void Promise.all([import('react'), import('react-dom/client'), import('./page/App.tsx')]).then(
    ([{ StrictMode, createElement }, { createRoot }, { App }]) => {
      createRoot(root).render(createElement(StrictMode, null, createElement(App)));
    },
    (error: unknown) => showDevLoadFailure(root, "the lesson's code", error),
  );
} else {
  // The islands' code (React with them) is fetched once the prerendered page has painted, so
  // it never competes with the HTML and the stylesheets for the first paint. Until it runs the
  // islands are their prerendered HTML, controls disabled, as before any hydration.
  // If that code does not come, the lesson stays readable and a notice offers Retry.
  afterFirstPaint(() => loadHydration(() => import('./page/hydrate-islands.tsx')));
}

// Printing opens the collapsed listings, so the printout holds every listing.
window.addEventListener('beforeprint', () => {
  document.querySelectorAll('details').forEach((d) => d.setAttribute('open', ''));
});
