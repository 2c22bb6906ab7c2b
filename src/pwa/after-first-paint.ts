/**
 * Runs `callback` once the page has shown its first content (the first-contentful-paint entry),
 * for work the first paint must not wait on. Where paint timing is missing it runs after the
 * load event instead. A page opened in the background paints, and so calls back, when shown.
 */
export function afterFirstPaint(callback: () => void): void {
  const later = () => setTimeout(callback);
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    later();
  });
  observer.observe({ type: 'paint', buffered: true });
}
