// The built shell and Vite's manifest, as the server-rendered pages (api/ssr.ts) use them: the
// shell's parts around the root, the chunks a screen preloads, the boot tag, the page's bytes.
import { createHash } from 'node:crypto';

/** Vite's build manifest (build.manifest): source module → chunk file and its imports. */
export type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/** The chunks a screen module needs, transitively (entry chunk excluded: the page loads it). */
export function preloadsFor(manifest: Manifest, module: string | undefined): string[] {
  if (!module || !manifest[module]) return [];
  const out = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || entry.isEntry || out.has(entry.file)) return;
    out.add(entry.file);
    entry.imports?.forEach(visit);
  };
  visit(module);
  return [...out];
}

/** The built shell with its default title and description taken out (the page's own go in). */
export function templateParts(indexHtml: string) {
  let stripped = indexHtml.replace(/\s*<title>[\s\S]*?<\/title>/, '').replace(/\s*<meta name="description"[^>]*>/, '');
  // The app's entry and its preloads: fetched by the boot script after the first paint (public/boot.js).
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(stripped)?.[1];
  const preloads: string[] = [];
  if (entry) {
    stripped = stripped
      .replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, '')
      .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
        preloads.push(href);
        return '';
      });
  }
  // The web app manifest: linked by the boot script once the page is on screen (decision 0606),
  // so the manifest and the icons it names are not fetched beside the stylesheet.
  let manifest: string | undefined;
  stripped = stripped.replace(/\s*<link rel="manifest" href="([^"]+)">/, (_, href: string) => {
    manifest = href;
    return '';
  });
  // The offline shell's static frame (web/index.html) is not part of a server-rendered page.
  stripped = stripped.replace(/<div id="root"><!--shell-->[\s\S]*?<!--\/shell--><\/div>/, '<div id="root"></div>');
  const [beforeRoot, afterRoot] = stripped.split('<div id="root"></div>');
  if (afterRoot === undefined) throw new Error('index.html has no <div id="root"></div>');
  // The head as far as the page's own tags (charset, viewport, icons, stylesheet: the same on
  // every page), and what follows them (the head's end and the body's start).
  const headEnd = /\s*<\/head>/.exec(beforeRoot);
  if (!headEnd) throw new Error('index.html has no </head>');
  const headOpen = beforeRoot.slice(0, headEnd.index);
  const bodyOpen = beforeRoot.slice(headEnd.index).replace(/^\s*<\/head>/, '');
  return { beforeRoot, afterRoot, entry, preloads, manifest, headOpen, bodyOpen };
}

/**
 * The boot script (the built /boot.js without its comment lines), written into every page rather
 * than fetched: one request fewer beside the stylesheet before the first paint (decision 0606).
 * `hash` is its Content-Security-Policy source (the page's answer allows exactly this script).
 */
export function bootScript(source: string): { text: string; hash: string } {
  const text = source.replace(/^\s*\/\/.*\n/gm, '').trim();
  if (/<\/script/i.test(text)) throw new Error('boot.js must not contain </script>');
  return { text, hash: `'sha256-${createHash('sha256').update(text).digest('base64')}'` };
}

/** The boot script: the entry and the chunks it imports (all fetched at once) and the manifest's link, after the first paint. */
export function bootTag(entry: string, screenChunks: string[], boot: string | undefined, manifest?: string) {
  const attr = (screenChunks.length ? ` data-preload="${screenChunks.join(' ')}"` : '') + (manifest ? ` data-manifest="${manifest}"` : '');
  // A build without boot.js (a test's fake one): the page names the file.
  if (boot === undefined) return `<script type="module" src="/boot.js" data-entry="${entry}"${attr}></script>`;
  return `<script type="module" data-entry="${entry}"${attr}>${boot}</script>`;
}

/**
 * The UTF-8 bytes of a page's pieces, each written where it goes in one buffer. `Buffer.from(a + b)`
 * first copies the pieces into one flat string of the page's size (200 kB for a list: a large object,
 * fresh pages for V8 on every render) and then encodes it into a buffer allocated for the worst case
 * (three bytes a character); this writes the same bytes once (decision 1063).
 */
export function utf8Of(pieces: readonly string[]): Buffer {
  let length = 0;
  for (const piece of pieces) length += Buffer.byteLength(piece);
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for (const piece of pieces) at += out.write(piece, at);
  return out;
}
