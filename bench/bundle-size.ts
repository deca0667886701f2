// The first load's cost (issue 13): the entry chunk and every chunk it imports statically (what a
// page loads before its first render), and the CSS, raw and gzip, from Vite's build manifest.
// Usage: npx vite build && node --import tsx bench/bundle-size.ts [distDir]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

export function initialFiles(manifest: Manifest): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || js.has(entry.file)) return;
    js.add(entry.file);
    entry.css?.forEach((c) => css.add(c));
    entry.imports?.forEach(visit);
  };
  for (const [key, entry] of Object.entries(manifest)) if (entry.isEntry) visit(key);
  return { js: [...js], css: [...css] };
}

export function measure(distDir: string) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const { js, css } = initialFiles(manifest);
  const size = (files: string[]) =>
    files.reduce(
      (acc, f) => {
        const body = readFileSync(join(distDir, f));
        return { raw: acc.raw + body.length, gzip: acc.gzip + gzipSync(body, { level: 9 }).length };
      },
      { raw: 0, gzip: 0 },
    );
  return { js: { files: js, ...size(js) }, css: { files: css, ...size(css) } };
}

if (import.meta.main ?? process.argv[1]?.endsWith('bundle-size.ts')) {
  const m = measure(process.argv[2] ?? join(import.meta.dirname, '..', 'dist'));
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  console.log(`initial JS: ${m.js.files.length} files, ${kb(m.js.raw)} raw, ${kb(m.js.gzip)} gzip`);
  for (const f of m.js.files) console.log(`  ${f}`);
  console.log(`CSS: ${kb(m.css.raw)} raw, ${kb(m.css.gzip)} gzip`);
}
