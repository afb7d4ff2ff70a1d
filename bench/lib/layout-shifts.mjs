/**
 * Watches the page's layout shifts (the Layout Instability API's `layout-shift` entries) from now
 * until the returned function is called, which stops watching and answers how many there were
 * and their summed score. Every entry counts, whatever `hadRecentInput` says: a walk's commands
 * are sent by script, and the stage must move nothing when stepping whatever sends the step.
 */
export async function watchLayoutShifts(page) {
  await page.evaluate(() => {
    const w = window;
    const seen = { entries: 0, score: 0, sources: [] };
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        seen.entries++;
        seen.score += e.value;
        // what moved, for a reader who finds a shift: the first few nodes named
        for (const s of e.sources ?? [])
          if (seen.sources.length < 5 && s.node)
            seen.sources.push(s.node.nodeName + (s.node.className ? `.${s.node.className}` : ''));
      }
    });
    observer.observe({ type: 'layout-shift' });
    w.__layoutShifts = { seen, observer };
  });
  return () =>
    page.evaluate(async () => {
      const { seen, observer } = window.__layoutShifts;
      // entries of the last frame are delivered after it: one more frame before reading
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      for (const e of observer.takeRecords()) {
        seen.entries++;
        seen.score += e.value;
      }
      observer.disconnect();
      return {
        entries: seen.entries,
        score: Math.round(seen.score * 1e4) / 1e4,
        sources: seen.sources,
      };
    });
}
