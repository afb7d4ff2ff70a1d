// The walk every bench that steps the lesson sends (interaction, ab-step, profile-step), from
// inside the page; they open the run with `openRun` (./open-run.mjs), which brings the stage
// into view first.

/**
 * Sends `count` commands to the first stepper, each at the start of a frame, and returns each
 * one's time to the frame painted after it (ms). `mode` 'step' presses → (`atEnd` 'home': at the
 * last step, Home back to the start unmeasured; 'turn': the walk turns back at either end, so
 * every command is one step); 'scrub' sets the timeline to each of `targets` in turn.
 */
export function walkStage(page, { mode, count, targets = [], atEnd = 'home' }) {
  return page.evaluate(
    async ({ mode, count, targets, atEnd }) => {
      const root = document.querySelector('[data-stepper]');
      const range = root.querySelector('input[type=range]');
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      const key = (k) =>
        root.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
      // sent inside a frame's callback, so the figure is the step's work, not the wait for the
      // next vsync; the task queued from it runs once that frame has been painted
      const sample = (act) =>
        new Promise((resolve) =>
          requestAnimationFrame(() => {
            const t0 = performance.now();
            act();
            setTimeout(() => resolve(performance.now() - t0), 0);
          }),
        );
      const out = [];
      let dir = 'ArrowRight';
      for (let i = 0; i < count; i++) {
        if (mode === 'scrub') {
          out.push(
            await sample(() => {
              setValue.call(range, String(targets[i]));
              range.dispatchEvent(new Event('input', { bubbles: true }));
            }),
          );
          continue;
        }
        const at = Number(range.value);
        const n = Number(range.max);
        if (atEnd === 'turn') {
          if (at >= n) dir = 'ArrowLeft';
          else if (at <= 0) dir = 'ArrowRight';
        } else if (at >= n) {
          key('Home'); // back to the start, unmeasured
          await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        }
        out.push(await sample(() => key(dir)));
      }
      return out;
    },
    { mode, count, targets, atEnd },
  );
}
