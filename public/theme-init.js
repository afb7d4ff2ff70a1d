// The stored theme applies before the first paint, so a reload never flashes. It is a file
// (loaded by a blocking <script src> in the head) rather than an inline script, so the page
// runs under a Content-Security-Policy with script-src 'self'. The key is THEME_KEY in
// src/components/theme-toggle.tsx.
try {
  var t = localStorage.getItem('lesson-theme');
  if (t === 'light' || t === 'dark') document.documentElement.dataset.theme = t;
} catch {
  // storage refused (private mode, a sandboxed frame): the page follows the system theme
}
