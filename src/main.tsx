import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './page/App.tsx';
import './styles/lesson.css';

const root = document.getElementById('root');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The built page arrives pre-rendered and is hydrated; the dev server sends an empty root.
if (root?.firstElementChild) {
  hydrateRoot(root, app);
} else if (root) {
  createRoot(root).render(app);
}

// Printing opens the collapsed listings, so the printout holds every listing.
window.addEventListener('beforeprint', () => {
  document.querySelectorAll('details').forEach((d) => d.setAttribute('open', ''));
});
