// Runs in the measured page before its own scripts: records the largest contentful paint, layout
// shifts without recent input, long tasks, and (when read) the script bytes the page downloaded.
(() => {
  const vitals = { lcp: 0, cls: 0, longTasks: 0, blockingMs: 0, scriptBytes: 0 };
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
