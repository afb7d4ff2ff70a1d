import { useCallback, useEffect, useRef } from 'react';
import type { Actor } from 'xstate';
import type { StepperMachine } from '../../stepper/index.ts';
import { decodeHash, type SharedState, shareHash } from '../../scenario/index.ts';
import { keepingShared, sharedIn } from '../../console/share.ts';
import { whenIdle, whenLeaving } from '../../loading/index.ts';
import { restoreEvent } from './restore-event.ts';

/** Everything of the stepper's state that a link carries. */
export function sharedStateOf(actor: Actor<StepperMachine>): SharedState {
  const {
    scenario,
    executor,
    k,
    variant,
    script,
    limited,
    stopped,
    predict,
    picks,
    speed,
    drawer,
  } = actor.getSnapshot().context;
  // a script that reached a limit when it last ran, or that the learner stopped, is marked, so
  // the link reopens it held
  const lua =
    script === null
      ? {}
      : limited
        ? { script, limited, ...(stopped ? { stopped } : {}) }
        : { script };
  const compare = drawer === 'compare';
  return { scenario, executor, step: k, compare, variant, ...lua, predict, picks, speed };
}

// how long the steps must have stopped before the hash is written
const QUIET = 150;

export interface HashSync {
  /** call before sending a learner's event: from then on the hash follows the stepper */
  touch: () => void;
}

/**
 * Keeps the stepper and the URL hash in step: a hash addressed to `key` is read on mount and
 * on every hashchange (a "try it" link, a platform restoring the place), the console's lines it
 * carries with it (they open the console), and once the learner has acted the hash follows the
 * stepper. Writes use replaceState, once the steps have stopped for a moment and the page is
 * idle, and none while playing (a frame must not pay for encoding a scenario); a state too large for a link is not written, and `onShare` is told why.
 */
export function useHashSync(
  key: string | null,
  actor: Actor<StepperMachine>,
  onRead: (r: { notice: string | null; echo?: string | null }) => void,
  onShare?: (tooLarge: string | null) => void,
): HashSync {
  const live = useRef(false);
  const onReadRef = useRef(onRead);
  const onShareRef = useRef(onShare);
  useEffect(() => {
    onReadRef.current = onRead;
    onShareRef.current = onShare;
  });

  useEffect(() => {
    if (key === null || typeof window === 'undefined') return;
    // The one reader of a link, on mount and on every hashchange (a platform restoring the
    // learner's place may come before hydration or long after): it hands the machine one event,
    // and the machine decides the drawer from it. Console lines a link carries (in the hash, or
    // an old link's query) open the console, where they replay.
    const read = () => {
      const lines = sharedIn(window.location) !== null;
      const decoded = decodeHash(window.location.hash, key);
      if (!decoded) {
        if (lines) actor.send({ type: 'drawer.set', drawer: 'console' });
        return;
      }
      live.current = true;
      if (decoded.state) {
        actor.send(restoreEvent(decoded.state, lines));
        onReadRef.current({ notice: null });
      } else {
        if (decoded.notice) actor.send({ type: 'scenario.load', preset: 'default' });
        if (lines) actor.send({ type: 'drawer.set', drawer: 'console' });
        onReadRef.current({ notice: decoded.notice, echo: decoded.echo });
      }
    };
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, [key, actor]);

  useEffect(() => {
    if (key === null || typeof window === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = '';
    const write = (evenPlaying = false) => {
      timer = null;
      if (!live.current) return;
      const snap = actor.getSnapshot();
      if (!evenPlaying && snap.matches('playing')) return; // written once playback stops
      const shared = shareHash(key, sharedStateOf(actor));
      onShareRef.current?.(shared.ok ? null : shared.why);
      // a state no link can carry leaves no stale one behind either; the console's typed lines,
      // which share the hash, stay
      const hash = keepingShared(shared.ok ? shared.hash : `#${key}`, window.location.hash);
      if (hash !== last && hash !== window.location.hash) {
        last = hash;
        window.history.replaceState(window.history.state, '', hash);
      }
    };
    let cancelIdle: (() => void) | null = null;
    let lastChange = 0;
    // One write once the steps have stopped coming for QUIET ms, made when the page is idle: a
    // learner holding → (or scrubbing) pays for no encoding of a scenario and no history write in
    // a step's frame. One timer for a burst: a step only notes its time (re-arming a timer on every
    // step cost more than the step's own work in the timeline's input handler).
    const settle = () => {
      const wait = lastChange + QUIET - performance.now();
      if (wait > 1) {
        timer = setTimeout(settle, wait);
        return;
      }
      timer = null;
      // where the browser cannot say when it is idle (Safari), at once: the steps have stopped
      cancelIdle = whenIdle(
        () => {
          cancelIdle = null;
          write();
        },
        500,
        0,
      );
    };
    const sub = actor.subscribe((snap) => {
      // never a write per playback frame: pausing (or reaching the end) schedules the one write
      if (snap.matches('playing')) return;
      lastChange = performance.now();
      cancelIdle?.();
      cancelIdle = null;
      if (timer === null) timer = setTimeout(settle, QUIET);
    });
    // a reload or a share within the debounce must not lose the last step; written before
    // anything that reads the hash as the page goes (a course platform's runtime saving the place)
    const flush = () => {
      if (timer !== null) clearTimeout(timer);
      cancelIdle?.();
      cancelIdle = null;
      write(true);
    };
    const unlisten = whenLeaving('write', flush);
    return () => {
      sub.unsubscribe();
      unlisten();
      flush();
    };
  }, [key, actor]);

  const touch = useCallback(() => {
    live.current = true;
  }, []);
  return { touch };
}
