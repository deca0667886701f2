// The school's page as a reader opens it, server-rendered and kept by the page cache (decision
// 1056): what the school's staff change (About, the photo) shows on the very next request, the
// photo becomes the page's banner and its Open Graph image, and the page says it is managed by
// the school with the month its staff were verified.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { schoolMembers, schools } from '../../db/schema';
import { signIn } from '../../test/app';
import { testDb } from '../../test/db';
import { caller } from '../../test/requests';
import { renderingApp } from '../../test/fake-dist';

const NOW = new Date('2026-11-25T12:00:00Z');
const ORIGIN = 'https://teachers.example';
const db = testDb({ demo: false, now: NOW });
const app = renderingApp(db, () => NOW, {
  appUrl: ORIGIN,
  rateLimit: false,
  mediaDir: mkdtempSync(join(tmpdir(), 'tilt-school-page-media-')),
});
const call = caller(app);
const school = db.select().from(schools).where(eq(schools.isActive, true)).orderBy(schools.id).limit(1).get()!;
const editor = signIn(db, { id: 'pp:editor', email: 'editor@example.test', firstName: 'Eda' });

async function page() {
  const res = await app.request(`/schools/${school.id}`);
  const html = await res.text();
  const meta = (key: string) =>
    html
      .match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`))?.[1]
      ?.replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
  // React's text separators (<!-- -->) left out, so a sentence reads as one string.
  return { res, html, meta, main: html.slice(html.indexOf('<main'), html.indexOf('</main>')).replace(/<!-- -->/g, '') };
}

beforeAll(() => {
  db.insert(schoolMembers)
    .values({
      userId: 'pp:editor',
      schoolId: school.id,
      role: 'admin',
      method: 'email',
      email: 'eda@school.sch.uk',
      verifiedAt: new Date('2026-10-03T09:00:00Z'),
      confirmedAt: NOW,
    })
    .run();
});

describe('the school page, server-rendered', () => {
  it('says it is managed by the school with the month verified, and shows an About edit at once despite the page cache', async () => {
    const first = await page();
    expect(first.res.status).toBe(200);
    expect(first.main).toContain('Managed by the school · verified October 2026');
    expect(first.main).not.toContain('About the school');
    expect((await page()).res.headers.get('x-cache')).toBe('hit');
    const edited = await call('PATCH', `/api/schools/${school.id}/profile`, {
      cookie: editor,
      body: { about: 'Our **choir** sings at the Albert Hall.', pupils: 777 },
    });
    expect(edited.status).toBe(200);
    const after = await page();
    expect(after.res.headers.get('x-cache')).toBe('miss');
    expect(after.main).toContain('About the school');
    expect(after.main).toContain('Our <strong>choir</strong> sings at the Albert Hall.');
    expect(after.main).toContain('Provided by the school, November 2026');
    expect(after.main).toContain('777');
  });

  it('uses an uploaded photo as the banner (both sizes) and as the absolute Open Graph and JSON-LD image, at once', async () => {
    const before = await page();
    expect(before.meta('og:image')).toBe(`${ORIGIN}/icons/icon-512.png`);
    expect(before.main).toContain('No photo of');
    const jpeg = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const res = await app.request(`/api/schools/${school.id}/photo`, {
      method: 'PUT',
      headers: { Cookie: editor, 'Content-Type': 'image/jpeg', 'Content-Length': String(jpeg.length) },
      body: jpeg,
    });
    expect(res.status).toBe(200);
    const { photo } = (await res.json()) as { photo: { url: string; smallUrl: string } };
    const after = await page();
    expect(after.meta('og:image')).toBe(ORIGIN + photo.url);
    expect(after.meta('twitter:card')).toBe('summary_large_image');
    const ld = [...after.html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]) as { image?: string },
    );
    expect(ld[0].image).toBe(ORIGIN + photo.url);
    expect(after.main).toContain(`src="${photo.url}"`);
    expect(after.main).toContain(`srcSet="${photo.smallUrl} 400w, ${photo.url} 1200w"`);
    expect(after.main).not.toContain('No photo of');
  });
});
