// Renders web/icons/icon.svg into the PNG icons of the web app manifest (public/icons/), with
// Debian's Chromium. Run after changing the SVG: `node --import tsx web/icons/generate-icons.ts`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const root = join(import.meta.dirname, '..', '..');
const svg = readFileSync(join(import.meta.dirname, 'icon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
const sizes: { file: string; size: number; padding: number; rounded: boolean }[] = [
  { file: 'icon-192.png', size: 192, padding: 0, rounded: true },
  { file: 'icon-512.png', size: 512, padding: 0, rounded: true },
  // Maskable: the artwork inside the 80% safe zone, full-bleed background.
  { file: 'icon-maskable-512.png', size: 512, padding: 0.1, rounded: false },
  { file: 'apple-touch-icon.png', size: 180, padding: 0, rounded: false },
];
for (const { file, size, padding, rounded } of sizes) {
  await page.setViewportSize({ width: size, height: size });
  const inner = Math.round(size * (1 - 2 * padding));
  await page.setContent(
    `<html><body style="margin:0;background:${rounded ? 'transparent' : '#1e3a8a'}">` +
      `<div style="width:${size}px;height:${size}px;display:grid;place-items:center;background:#1e3a8a;border-radius:${rounded ? size * 0.18 : 0}px;overflow:hidden">` +
      `<div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></div></body></html>`,
  );
  await page.screenshot({ path: join(root, 'public', 'icons', file), omitBackground: rounded });
  console.log('wrote', file);
}
await browser.close();
