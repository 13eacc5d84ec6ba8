// Runs in the measured page before its own scripts: records the largest contentful paint, layout
// shifts without recent input, long tasks, when each watched element was first painted, and (when
// read) the script bytes the page downloaded. `window.__watched` (set by an earlier init script)
// names the elements to watch: { name: CSS selector }.
(() => {
  const vitals = { lcp: 0, cls: 0, longTasks: 0, blockingMs: 0, scriptBytes: 0, painted: {} };
  const watched = window.__watched ?? {};
  // Element Timing reports the paint of elements carrying the attribute: the first element of each
  // watched kind is marked as soon as the parser or the app puts it in the page, before any paint.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const time = entry.renderTime || entry.loadTime;
      if (!(entry.identifier in vitals.painted) || time < vitals.painted[entry.identifier]) vitals.painted[entry.identifier] = time;
    }
  }).observe({ type: 'element', buffered: true });
  const unmarked = new Map(Object.entries(watched));
  // Stops once every kind is marked, so that the measured page does no more work than its own.
  const marker = new MutationObserver(() => {
    for (const [name, selector] of unmarked) {
      const element = document.querySelector(selector);
      if (!element) continue;
      for (const part of [element, ...element.querySelectorAll('*')]) part.setAttribute('elementtiming', name);
      unmarked.delete(name);
    }
    if (unmarked.size === 0) marker.disconnect();
  });
  marker.observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) vitals.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      vitals.longTasks += 1;
      vitals.blockingMs += Math.max(0, entry.duration - 50);
    }
  }).observe({ type: 'longtask', buffered: true });
  window.__readVitals = () => {
    vitals.scriptBytes = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
      .reduce((sum, entry) => sum + entry.transferSize, 0);
    return vitals;
  };
})();
