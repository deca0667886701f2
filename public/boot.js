// Starts the app on a server-rendered page after its first paint (issue 13, decision 1301): the
// page is readable from its HTML and CSS alone, so the JavaScript (the app and the screen's chunk,
// named by api/ssr.ts in data attributes) is fetched once the content is on screen instead of
// competing with the stylesheet for the first paint. The offline shell loads the app directly.
//
// "On screen" is the browser's own report of the paint (decision 0606): a paint entry is delivered
// once its frame has been presented, while a requestAnimationFrame + setTimeout runs after the
// frame's paint was recorded but often before it reaches the screen (software compositing, a busy
// core), so the app's chunks used to load in the same moments as the largest paint.
const el = document.querySelector('script[data-entry]');
let started = false;
function start() {
  if (started || !el) return;
  started = true;
  // The manifest (and the icons it names) is fetched after the paint too: the page links it now.
  if (el.dataset.manifest) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = el.dataset.manifest;
    document.head.append(link);
  }
  for (const src of (el.dataset.preload || '').split(' ').filter(Boolean)) import(src);
  import(el.dataset.entry);
}
const types = (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes) || [];
const type = types.includes('largest-contentful-paint') ? 'largest-contentful-paint' : types.includes('paint') ? 'paint' : null;
if (document.visibilityState === 'hidden' || !type) {
  // A tab opened in the background paints no frame; a browser that reports no paints gets the
  // frame after the parse.
  if (type) start();
  else requestAnimationFrame(() => setTimeout(start, 0));
} else {
  // A paint from before the document was parsed (this script runs once it is) showed part of the
  // page: its largest content may come in the next frame, so that paint is the one waited for,
  // or 300 ms when nothing larger comes.
  const parsedAt = performance.now();
  let partial;
  new PerformanceObserver((list, observer) => {
    if (!list.getEntries().some((e) => e.startTime >= parsedAt)) {
      if (!partial) partial = setTimeout(start, 300);
      return;
    }
    observer.disconnect();
    setTimeout(start, 0);
  }).observe({ type, buffered: true });
  // Hidden before anything was painted, or a page that paints no content: start anyway.
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, 3000);
}
