// The first load's cost (the server-rendered first visit): the entry chunk and every chunk it imports statically, and
// per public page that plus the screen's own chunks the server preloads with it (what the page
// loads before its first render), and the CSS, raw and gzip, from Vite's build manifest.
// Usage: npx vite build && node --import tsx bench/bundle-size.ts [distDir]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { preloadsFor } from '../api/ssr';

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

/** The public pages' screen modules (routes' handle.module; the home page is in the entry). */
export const PAGE_MODULES: Record<string, string | undefined> = {
  '/': 'home/HomePage.tsx',
  '/jobs': 'jobs/JobsPage.tsx',
  '/jobs/{id}': 'job-detail/JobDetailPage.tsx',
  '/schools': 'schools/SchoolsPage.tsx',
  '/schools/{id}': 'school-detail/SchoolDetailPage.tsx',
  '/pay-scales': 'pay-scales/PayScalesPage.tsx',
  '/salaries': 'salaries/SalariesPage.tsx',
  '/forum': 'forum/ForumPage.tsx',
  '/forum/threads/{id}': 'thread/ThreadPage.tsx',
};

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
  const pages = Object.entries(PAGE_MODULES).map(([page, module]) => {
    const files = [...new Set([...js, ...preloadsFor(manifest, module)])];
    return { page, ...size(files) };
  });
  return { js: { files: js, ...size(js) }, css: { files: css, ...size(css) }, pages };
}

if (import.meta.main ?? process.argv[1]?.endsWith('bundle-size.ts')) {
  const m = measure(process.argv[2] ?? join(import.meta.dirname, '..', 'dist'));
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  console.log(`initial JS: ${m.js.files.length} files, ${kb(m.js.raw)} raw, ${kb(m.js.gzip)} gzip`);
  for (const f of m.js.files) console.log(`  ${f}`);
  console.log(`CSS: ${kb(m.css.raw)} raw, ${kb(m.css.gzip)} gzip`);
  console.log('JavaScript before the first render, per page (entry + the screen chunks preloaded with it):');
  for (const p of m.pages) console.log(`  ${p.page.padEnd(20)} ${kb(p.gzip).padStart(9)} gzip`);
}
