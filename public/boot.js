// Starts the app on a server-rendered page after its first paint (issue 13, decision 1301): the
// page is readable from its HTML and CSS alone, so the JavaScript (the app and the screen's chunk,
// named by api/ssr.ts in data attributes) is fetched once the content is on screen instead of
// competing with the stylesheet for the first paint. The offline shell loads the app directly.
const el = document.querySelector('script[data-entry]');
let started = false;
function start() {
  if (started || !el) return;
  started = true;
  for (const src of (el.dataset.preload || '').split(' ').filter(Boolean)) import(src);
  import(el.dataset.entry);
}
requestAnimationFrame(() => setTimeout(start, 0));
// A tab opened in the background paints no frame: start anyway.
setTimeout(start, 300);
