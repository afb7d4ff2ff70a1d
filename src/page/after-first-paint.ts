/**
 * Runs `go` once the browser has painted the page it has: the task after the first animation
 * frame (a frame's callbacks run before its paint, so a task queued from one runs after it).
 * The lesson arrives prerendered, so its first paint needs only the HTML and the stylesheets;
 * code fetched before that paint shares the connection with them and only delays it (on a slow
 * phone network the first-load JS is three times the CSS and HTML together). A hidden tab
 * produces no frames, so the timer makes sure `go` still runs there.
 */
export function afterFirstPaint(go: () => void, fallbackMs = 500): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    go();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, fallbackMs);
}
