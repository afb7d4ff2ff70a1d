/**
 * The trace events of the timeline (the main thread's tasks, script, style, layout and paint,
 * each with its CPU time, tdur) recorded while `act` runs, through a Chrome DevTools session.
 * `categories` adds trace categories to the timeline's (a page's marks, V8's compiles).
 */
export async function traceEvents(cdp, act, categories = []) {
  const events = [];
  const collect = (e) => events.push(...e.value);
  cdp.on('Tracing.dataCollected', collect);
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        ...categories,
      ],
      excludedCategories: ['*'],
    },
  });
  try {
    await act();
  } finally {
    await cdp.send('Tracing.end');
    await done;
    cdp.off('Tracing.dataCollected', collect);
  }
  return events;
}

/**
 * The main thread of the renderer that shows `origin`'s page, from a trace's events: the
 * `CrRendererMain` whose HTML parse was of a URL on that origin, or, in a trace begun after the
 * load, the one of the process the browser named for a frame on that origin. A trace holds every renderer's
 * threads (the new page's about:blank, the headless browser's own WebUI such as its omnibox
 * popup, which parses and runs modules of its own), so the busiest one is not always the page's.
 */
export function pageMainThread(events, origin) {
  const parse = events.find(
    (e) => e.name === 'ParseHTML' && (e.args?.beginData?.url ?? '').startsWith(origin),
  );
  if (parse) return { pid: parse.pid, tid: parse.tid };
  // a trace begun after the load has no parse: the frames the browser listed when tracing
  // began name the process of each (TracingStartedInBrowser), and its main thread is the page's
  const frames = events.find((e) => e.name === 'TracingStartedInBrowser')?.args?.data?.frames;
  const pid = frames?.find((f) => (f.url ?? '').startsWith(origin) && f.processId)?.processId;
  const main = events.find(
    (e) => e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain',
  );
  if (!main) throw new Error(`no renderer of ${origin} in the trace`);
  return { pid: main.pid, tid: main.tid };
}

/** What kind of the main thread's work each timeline event is. */
export const KIND = {
  FunctionCall: 'script',
  EventDispatch: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  RunMicrotasks: 'script',
  V8Execute: 'script',
  'v8.callFunction': 'script',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  Commit: 'paint',
};

/** An event's CPU time in µs (the thread's own time where the trace has it). */
export const cpuOf = (e) => e.tdur ?? e.dur;

/** A thread's complete events (`{ pid, tid }`) from `from` on, in order, the outer first. */
export const threadEvents = (events, thread, from = 0) =>
  events
    .filter(
      (e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.dur && e.ts >= from,
    )
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);

/** A thread's own CPU time by kind ({@link KIND}), in ms, from its events in order. */
export function cpuByKind(on) {
  const stack = [];
  const nested = new Map();
  for (const e of on) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    if (KIND[e.name]) {
      const parent = [...stack].reverse().find((p) => KIND[p.name]);
      if (parent) nested.set(parent, (nested.get(parent) ?? 0) + cpuOf(e));
    }
    stack.push(e);
  }
  const out = { script: 0, style: 0, layout: 0, paint: 0 };
  for (const e of on)
    if (KIND[e.name]) out[KIND[e.name]] += (cpuOf(e) - (nested.get(e) ?? 0)) / 1000;
  return out;
}

/** The tasks among a thread's events in order, the outermost only (a task holds its inner one). */
export function outermostTasks(on) {
  const tasks = [];
  for (const e of on)
    if (
      (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
      (!tasks.length || tasks.at(-1).ts + tasks.at(-1).dur <= e.ts)
    )
      tasks.push(e);
  return tasks;
}
