// Applies an embed's ?theme= before the first paint (a file, not an inline script, so a
// strict Content-Security-Policy needs no exception). The embed never reads the lesson's
// stored theme: the host page decides, or the reader's system setting does.
(function () {
  try {
    var t = new URLSearchParams(window.location.search).get('theme');
    if (t === 'light' || t === 'dark') document.documentElement.dataset.theme = t;
  } catch {
    // an odd URL leaves the system theme in charge
  }
})();
