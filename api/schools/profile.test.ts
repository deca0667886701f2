// The school's page kept by its staff (decision 2110): "About", website and the school's own
// figures beside the register's (never over them), the photo decoded and re-encoded without its
// metadata, every action in the audit log, and nothing for anyone who is not that school's staff.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { schoolAudit, schoolMembers, schoolProfiles, schools } from '../../db/schema';
import { signIn, testApp } from '../../test/app';
import { caller } from '../../test/requests';

const NOW = new Date('2026-11-25T12:00:00Z');
const { db, app, mediaDir } = testApp({ demo: false, now: NOW, rateLimit: false });
const call = caller(app);
const [a, b] = db.select().from(schools).where(eq(schools.isActive, true)).orderBy(schools.id).limit(2).all();

function member(id: string, schoolId: number, verifiedAt: Date) {
  const cookie = signIn(db, { id, email: `${id}@example.test`, firstName: 'Sam' });
  db.insert(schoolMembers)
    .values({ userId: id, schoolId, role: 'editor', method: 'email', email: `${id}@school.sch.uk`, verifiedAt, confirmedAt: verifiedAt })
    .run();
  return cookie;
}
const editorA = member('sp:editorA', a.id, new Date('2026-10-03T09:00:00Z'));
member('sp:adminA', a.id, new Date('2026-11-20T09:00:00Z'));
const editorB = member('sp:editorB', b.id, new Date('2026-11-01T09:00:00Z'));
const teacher = signIn(db, { id: 'sp:teacher', email: 'teacher@example.test', firstName: 'Tia' });

const auditOf = (schoolId: number) => db.select().from(schoolAudit).where(eq(schoolAudit.schoolId, schoolId)).orderBy(schoolAudit.id).all();
const upload = (schoolId: number, bytes: Uint8Array | string, cookie = editorA, contentType = 'image/jpeg') =>
  app.request(`/api/schools/${schoolId}/photo`, {
    method: 'PUT',
    headers: { Cookie: cookie, 'Content-Type': contentType, 'Content-Length': String(Buffer.byteLength(bytes)) },
    body: bytes as BodyInit,
  });

/**
 * Awaits `work` while holding the event loop in 60 ms turns, as a busy server does: whatever the
 * thread pool finishes meanwhile (sharp's steps, file writes) comes back in one turn, so two
 * identical requests go through each step together instead of a few ms apart by chance.
 */
async function busyLoop<T>(work: Promise<T>): Promise<T> {
  let settled = false;
  work.then(
    () => (settled = true),
    () => (settled = true),
  );
  while (!settled) {
    const until = Date.now() + 60;
    while (Date.now() < until) {
      // the loop is held: nothing else runs
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return work;
}

/** A real JPEG carrying EXIF (the camera's owner and a copyright line) and an orientation. */
async function cameraJpeg(width = 2000, height = 1500) {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Artist: 'Ms Secret Head', Copyright: 'Hidden Camera Owner' } })
    .toBuffer();
}

describe('PATCH /api/schools/{id}/profile', () => {
  it("sets About (rendered safe), the website and the school's own figures, dated; the register stays as it was; audited", async () => {
    const before = db.select().from(schools).where(eq(schools.id, a.id)).get()!;
    const res = await call('PATCH', `/api/schools/${a.id}/profile`, {
      cookie: editorA,
      body: {
        about: 'We are a **friendly** school.\n\n<script>alert(1)</script> [x](javascript:alert(1))',
        website: 'https://our-school.example/',
        pupils: 432,
        staff: 61,
        phase: 'All-through',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      about: expect.stringContaining('**friendly**'),
      website: 'https://our-school.example/',
      corrections: {
        pupils: { value: 432, at: NOW.toISOString() },
        staff: { value: 61, at: NOW.toISOString() },
        phase: { value: 'All-through', at: NOW.toISOString() },
      },
      managedSince: '2026-10-03T09:00:00.000Z',
    });
    expect(res.body.aboutHtml).toContain('<strong>friendly</strong>');
    expect(res.body.aboutHtml).not.toMatch(/<script|href="javascript/);
    const after = db.select().from(schools).where(eq(schools.id, a.id)).get()!;
    expect({ pupils: after.numberOfPupils, staff: after.numberOfStaff, phase: after.phase, website: after.website }).toEqual({
      pupils: before.numberOfPupils,
      staff: before.numberOfStaff,
      phase: before.phase,
      website: before.website,
    });
    const page = (await call('GET', `/api/schools/${a.id}`)).body;
    expect(page).toMatchObject({
      numberOfPupils: before.numberOfPupils,
      phase: before.phase,
      profile: { corrections: { pupils: { value: 432 } }, website: 'https://our-school.example/' },
    });
    expect(auditOf(a.id).at(-1)).toMatchObject({
      actorUserId: 'sp:editorA',
      action: 'page.edited',
      detail: { fields: ['about', 'website', 'pupils', 'staff', 'phase'] },
    });
  });

  it("keeps fields left out, clears one sent as null, and refuses bad values with the product's messages (nothing written)", async () => {
    const res = await call('PATCH', `/api/schools/${a.id}/profile`, { cookie: editorA, body: { staff: null } });
    expect(res.body.corrections).toMatchObject({ pupils: { value: 432 }, staff: null });
    const rows = auditOf(a.id).length;
    const bad = await call('PATCH', `/api/schools/${a.id}/profile`, {
      cookie: editorA,
      body: { about: 'x'.repeat(2001), website: 'javascript:alert(1)', pupils: 0, phase: 'Primary school' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      about: 'Please keep this under 2,000 characters',
      website: 'Enter a web address starting with https://',
      pupils: 'Pupils must be at least 1',
      phase: 'Choose one of the options',
    });
    expect((await call('PATCH', `/api/schools/${a.id}/profile`, { cookie: editorA, body: {} })).body).toEqual({
      error: 'Nothing to change',
    });
    expect(auditOf(a.id)).toHaveLength(rows);
    expect(db.select().from(schoolProfiles).where(eq(schoolProfiles.schoolId, a.id)).get()).toMatchObject({ pupils: 432, staff: null });
  });

  it('answers 403 to a member of another school and a teacher, 401 signed out; nothing written', async () => {
    const rows = auditOf(a.id).length;
    for (const cookie of [editorB, teacher]) {
      expect(await call('PATCH', `/api/schools/${a.id}/profile`, { cookie, body: { about: 'Taken over' } })).toMatchObject({
        status: 403,
        body: { error: 'Only verified staff of this school can do this' },
      });
    }
    expect((await call('PATCH', `/api/schools/${a.id}/profile`, { body: { about: 'Taken over' } })).status).toBe(401);
    expect((await call('GET', `/api/schools/${a.id}`)).body.profile.about).not.toContain('Taken over');
    expect(auditOf(a.id)).toHaveLength(rows);
  });
});

describe('PUT /api/schools/{id}/photo', () => {
  it("re-encodes a real JPEG to WebP at 1200 and 400 px without its EXIF, serves it as immutable and makes it the school's image", async () => {
    const jpeg = await cameraJpeg();
    expect((await sharp(jpeg).metadata()).exif?.toString('latin1')).toContain('Hidden Camera Owner');
    const res = await upload(a.id, jpeg);
    expect(res.status).toBe(200);
    const profile = (await res.json()) as { photo: { url: string; smallUrl: string; width: number; height: number } };
    expect(profile.photo).toMatchObject({
      url: expect.stringMatching(/^\/media\/schools\/\d+-[0-9a-f]{16}-1200\.webp$/),
      width: 1200,
      height: 900,
    });
    for (const [url, width, height] of [
      [profile.photo.url, 1200, 900],
      [profile.photo.smallUrl, 400, 300],
    ] as const) {
      const file = await app.request(url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
      expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await file.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif, icc: meta.icc, xmp: meta.xmp }).toEqual({
        format: 'webp',
        width,
        height,
        exif: undefined,
        icc: undefined,
        xmp: undefined,
      });
      expect(bytes.toString('latin1')).not.toMatch(/Hidden Camera Owner|Ms Secret Head/);
    }
    const page = (await call('GET', `/api/schools/${a.id}`)).body;
    expect(page).toMatchObject({ imageUrl: profile.photo.url, imageSource: 'school', profile: { photo: { url: profile.photo.url } } });
    expect(auditOf(a.id).at(-1)).toMatchObject({ action: 'photo.uploaded', actorUserId: 'sp:editorA' });
  });

  it('a new photo replaces the old one, whose files go; removing it brings back no image', async () => {
    const first = (await call('GET', `/api/schools/${a.id}`)).body.profile.photo.url as string;
    const png = await sharp({ create: { width: 800, height: 600, channels: 4, background: '#ff0000' } })
      .png()
      .toBuffer();
    const res = await upload(a.id, png, editorA, 'image/png');
    expect(res.status).toBe(200);
    const second = ((await res.json()) as { photo: { url: string; width: number } }).photo;
    expect(second).toMatchObject({ width: 800 });
    expect(second.url).not.toBe(first);
    expect((await app.request(first)).status).toBe(404);
    expect(readdirSync(join(mediaDir, 'schools')).sort()).toEqual(
      [second.url.split('/').pop()!.replace('-1200', '-400'), second.url.split('/').pop()].sort(),
    );
    const removed = await call('DELETE', `/api/schools/${a.id}/photo`, { cookie: editorA });
    expect(removed.body.photo).toBeNull();
    expect((await call('GET', `/api/schools/${a.id}`)).body).toMatchObject({ imageUrl: null, profile: { photo: null } });
    expect(readdirSync(join(mediaDir, 'schools'))).toEqual([]);
    expect(auditOf(a.id).at(-1)).toMatchObject({ action: 'photo.removed' });
  });

  it('refuses a text file renamed .jpg, an image format it does not take and a file under 400 px with a clear 400; nothing stored', async () => {
    const text = await upload(a.id, 'Dear parents, this is not a photo at all.\n', editorA, 'image/jpeg');
    expect(text.status).toBe(400);
    expect(await text.json()).toEqual({
      error: 'This file is not a JPEG, PNG or WebP image',
      fields: { photo: 'This file is not a JPEG, PNG or WebP image' },
    });
    const gif = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#00ff00' } })
      .gif()
      .toBuffer();
    expect((await upload(a.id, gif, editorA, 'image/jpeg')).status).toBe(400);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"><rect width="900" height="900"/></svg>';
    expect((await upload(a.id, svg, editorA, 'image/png')).status).toBe(400);
    const truncated = (await cameraJpeg()).subarray(0, 2000);
    expect((await upload(a.id, truncated)).status).toBe(400);
    const tiny = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0000ff' } })
      .jpeg()
      .toBuffer();
    expect(await (await upload(a.id, tiny)).json()).toMatchObject({ fields: { photo: 'The photo must be at least 400 pixels wide' } });
    expect(readdirSync(join(mediaDir, 'schools'))).toEqual([]);
    expect(db.select().from(schoolProfiles).where(eq(schoolProfiles.schoolId, a.id)).get()?.photo).toBeNull();
  });

  it('refuses more than 5 MB (413) and a body that is no image type (415)', async () => {
    const big = Buffer.concat([await cameraJpeg(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(a.id, big);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'The file must be 5 MB or smaller', fields: { file: 'The file must be 5 MB or smaller' } });
    expect((await upload(a.id, await cameraJpeg(), editorA, 'text/plain')).status).toBe(415);
    // Other writes keep the JSON-only rule and its 64 KB limit.
    expect(
      (
        await call('PATCH', `/api/schools/${a.id}/profile`, {
          cookie: editorA,
          raw: await cameraJpeg(),
          contentType: 'image/jpeg',
        } as never)
      ).status,
    ).toBe(415);
    expect(readdirSync(join(mediaDir, 'schools'))).toEqual([]);
  });

  it("answers 403 to a member of school B on school A's photo (upload and removal), 401 signed out", async () => {
    expect(await (await upload(a.id, await cameraJpeg(), editorB)).json()).toEqual({
      error: 'Only verified staff of this school can do this',
    });
    expect((await call('DELETE', `/api/schools/${a.id}/photo`, { cookie: editorB })).status).toBe(403);
    expect(
      (
        await app.request(`/api/schools/${a.id}/photo`, {
          method: 'PUT',
          headers: { 'Content-Type': 'image/jpeg' },
          body: await cameraJpeg(),
        })
      ).status,
    ).toBe(401);
    expect(readdirSync(join(mediaDir, 'schools'))).toEqual([]);
  });

  it('takes the same photo sent twice at once as the same result twice: both 200, one intact pair of files (issue 41, item 5)', async () => {
    // Before, both requests wrote one temporary name ('{file}.{pid}.tmp'): the second rename found it gone and answered 500.
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 90, b: 20 } } })
      .jpeg()
      .toBuffer();
    for (let round = 0; round < 2; round++) {
      const answers = await busyLoop(Promise.all([upload(a.id, jpeg), upload(a.id, jpeg)]));
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      const [one, two] = (await Promise.all(answers.map((r) => r.json()))) as { photo: { url: string; smallUrl: string } }[];
      expect(two.photo).toEqual(one.photo);
      const names = [one.photo.url, one.photo.smallUrl].map((url) => url.split('/').pop()!);
      expect(readdirSync(join(mediaDir, 'schools')).sort()).toEqual([...names].sort());
      for (const [url, width] of [
        [one.photo.url, 800],
        [one.photo.smallUrl, 400],
      ] as const) {
        const file = await app.request(url);
        expect(file.status).toBe(200);
        const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
        expect({ format: meta.format, width: meta.width }).toEqual({ format: 'webp', width });
      }
      expect((await call('GET', `/api/schools/${a.id}`)).body).toMatchObject({ imageUrl: one.photo.url });
    }
    await call('DELETE', `/api/schools/${a.id}/photo`, { cookie: editorA });
  });

  it('serves only names of its own pattern from the media folder', async () => {
    for (const path of ['/media/schools/..%2F..%2Fapp.db', '/media/schools/1-0123456789abcdef-800.webp', '/media/schools/x.webp']) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });
});

describe('the school page answer', () => {
  it('is kept by the answer cache and shows an edit at once', async () => {
    const first = await app.request(`/api/schools/${b.id}`);
    expect(((await first.json()) as { profile: { about: string | null } }).profile.about).toBeNull();
    expect((await app.request(`/api/schools/${b.id}`)).headers.get('x-cache')).toBe('hit');
    await call('PATCH', `/api/schools/${b.id}/profile`, { cookie: editorB, body: { about: 'Fresh words' } });
    const after = await app.request(`/api/schools/${b.id}`);
    expect(((await after.json()) as { profile: { about: string } }).profile.about).toBe('Fresh words');
  });
});
