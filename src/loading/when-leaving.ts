/**
 * What the page does as it goes away (`pagehide`), in a known order: what writes the page's
 * address (the stepper's last step, into the hash) before what reads it (a course platform's
 * runtime saving the learner's place). A window runs its own `pagehide` listeners in the order
 * they were added, which is the order the parts of the page happened to start in, and Chromium
 * runs a capture listener at the window no sooner; so one listener per window keeps the order.
 */

/** `write` runs before `read`; within a round, in the order they were added. */
export type LeavingRound = 'write' | 'read';

type Leaving = (e: PageTransitionEvent) => void;

/** each window's one listener and what it runs (a window's, so a test's windows stay apart) */
const rounds = new WeakMap<Window, Record<LeavingRound, Set<Leaving>>>();

/** Runs `leaving` on `pagehide`, in its round. Answers how to take it back. */
export function whenLeaving(
  round: LeavingRound,
  leaving: Leaving,
  win: Window = window,
): () => void {
  let held = rounds.get(win);
  if (!held) {
    const mine: Record<LeavingRound, Set<Leaving>> = { write: new Set(), read: new Set() };
    win.addEventListener('pagehide', (e) => {
      for (const f of [...mine.write, ...mine.read]) {
        // one that throws keeps none after it from running (the place must still be saved);
        // its error is reported as the listener ends, before the page goes (a timer might not run)
        try {
          f(e);
        } catch (error) {
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    });
    rounds.set(win, mine);
    held = mine;
  }
  const set = held[round];
  set.add(leaving);
  return () => set.delete(leaving);
}
