/**
 * The trace events of the timeline (the main thread's tasks, script, style, layout and paint,
 * each with its CPU time, tdur) recorded while `act` runs, through a Chrome DevTools session.
 */
export async function traceEvents(cdp, act) {
  const events = [];
  const collect = (e) => events.push(...e.value);
  cdp.on('Tracing.dataCollected', collect);
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
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
