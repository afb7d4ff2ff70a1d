import { hydrateIslands } from './page/hydrate-islands.tsx';
import './styles/lesson.css';

const root = document.getElementById('root');

// The built page arrives pre-rendered and only its islands hydrate. The dev server
// sends an empty root, so there the whole page renders on the client; that branch
// (and the lesson content it imports) is dropped from the production bundle.
if (import.meta.env.DEV && root && !root.firstElementChild) {
  void Promise.all([import('react'), import('react-dom/client'), import('./page/App.tsx')]).then(
    ([{ StrictMode, createElement }, { createRoot }, { App }]) => {
      createRoot(root).render(createElement(StrictMode, null, createElement(App)));
    },
  );
} else {
  hydrateIslands();
}

// Printing opens the collapsed listings, so the printout holds every listing.
window.addEventListener('beforeprint', () => {
  document.querySelectorAll('details').forEach((d) => d.setAttribute('open', ''));
});
