// Near me (alerts and near me): jobs and schools within a radius of a point, nearest first, paged, checked
// against a brute-force reading of every school and job; bad points answer 400; the point is
// never logged nor cached.
import { and, eq, gte } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { jobs, schools } from '../../db/schema';
import type { InferResponseType } from 'hono/client';
import { answer, ok, queryOf, testApp, type TestClient } from '../../test/app';
import { boundingBox, haversineMiles } from './near.queries';

const NOW = new Date('2026-11-22T12:00:00Z');
const { db, app, client } = testApp({ now: NOW, rateLimit: false });
/** A row of each list, as the routes declare it. */
type SchoolRow = InferResponseType<TestClient['schools']['$get'], 200>[number];
type JobRow = InferResponseType<TestClient['jobs']['$get'], 200>[number];

// Soho Square, Westminster: the seed's schools lie all around it.
const SOHO = { lat: 51.5155, lon: -0.1322 };
const nearQ = (p: { lat: number; lon: number }, within: number) => `near=${p.lat},${p.lon}&within=${within}`;
/** The same as a typed call's query. */
const nearOf = (p: { lat: number; lon: number }, within: number) => queryOf(`?${nearQ(p, within)}`);

type Query = Record<string, string>;
/** A page of each list through the typed client (200 or the test fails), with its headers. */
const schoolsOf = async (query: Query) => {
  const res = await client.schools.$get({ query });
  return { rows: await ok(res), headers: res.headers };
};
const jobsOf = async (query: Query) => {
  const res = await client.jobs.$get({ query });
  return { rows: await ok(res), headers: res.headers };
};
/** A list's next page (its Link header) as a query, or null on the last page. */
const nextOf = (headers: Headers) => {
  const link = /<([^>]+)>; rel="next"/.exec(headers.get('Link') ?? '')?.[1];
  return link ? queryOf(link) : null;
};

/** An independent distance: the spherical law of cosines on a 3958.8-mile sphere. */
function cosineMiles(a: { lat: number; lon: number }, b: { lat: number; lon: number }) {
  const r = Math.PI / 180;
  const c = Math.sin(a.lat * r) * Math.sin(b.lat * r) + Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.cos((b.lon - a.lon) * r);
  return 3958.8 * Math.acos(Math.min(1, Math.max(-1, c)));
}

/** Every active school within `miles`, by reading the whole table: [id, miles] nearest first. */
function bruteSchools(p: { lat: number; lon: number }, miles: number, activeOnly = true) {
  return db
    .select({ id: schools.id, lat: schools.latitude, lon: schools.longitude, active: schools.isActive })
    .from(schools)
    .all()
    .filter((s) => s.lat !== null && s.lon !== null && (!activeOnly || s.active))
    .map((s) => ({ id: s.id, miles: cosineMiles(p, { lat: s.lat!, lon: s.lon! }) }))
    .filter((s) => s.miles <= miles - 1e-9)
    .sort((a, b) => a.miles - b.miles || a.id - b.id);
}

/** Every page of a list, following the Link header. */
async function allPages<Row>(list: (query: Query) => Promise<{ rows: Row[]; headers: Headers }>, first: Query) {
  const rows: Row[] = [];
  let query: Query | null = first;
  let pages = 0;
  let total = -1;
  while (query) {
    const res = await list(query);
    if (total < 0) total = Number(res.headers.get('X-Total-Count'));
    rows.push(...res.rows);
    pages++;
    query = nextOf(res.headers);
  }
  return { rows, pages, total };
}

describe('GET /api/schools?near=', () => {
  it('answers the schools within the radius, nearest first, each with distanceMiles to one decimal', async () => {
    const expected = bruteSchools(SOHO, 1);
    expect(expected.length).toBeGreaterThan(10);
    const { rows: body, headers } = await schoolsOf({ ...nearOf(SOHO, 1), limit: '5000' });
    expect(body.map((s) => s.id)).toEqual(expected.map((s) => s.id));
    expect(headers.get('X-Total-Count')).toBe(String(expected.length));
    body.forEach((s, i) => {
      expect(s.distanceMiles).toBe(Math.round(expected[i].miles * 10) / 10);
      expect(s.distanceMiles).toBeLessThanOrEqual(1);
      expect(typeof s.averageRating).toBe('number');
      expect(typeof s.openJobsCount).toBe('number');
    });
    // A wider circle holds more, and the plain list carries no distance.
    expect((await schoolsOf({ ...nearOf(SOHO, 2), limit: '1' })).headers.get('X-Total-Count')).toBe(String(bruteSchools(SOHO, 2).length));
    expect((await schoolsOf({ limit: '3' })).rows[0]).not.toHaveProperty('distanceMiles');
  });

  it('pages by cursor without losing or repeating a school, and keeps the other filters', async () => {
    const expected = bruteSchools(SOHO, 2).map((s) => s.id);
    const walked = await allPages<SchoolRow>(schoolsOf, { ...nearOf(SOHO, 2), limit: '7' });
    expect(walked.rows.map((s) => s.id)).toEqual(expected);
    expect(walked.pages).toBe(Math.ceil(expected.length / 7));
    expect(walked.total).toBe(expected.length);
    const westminster = (await schoolsOf({ ...nearOf(SOHO, 2), borough: 'Westminster', limit: '5000' })).rows;
    expect(westminster.length).toBeGreaterThan(0);
    expect(westminster.every((s) => s.borough === 'Westminster')).toBe(true);
    const inBorough = new Set(
      db
        .select({ id: schools.id })
        .from(schools)
        .where(eq(schools.borough, 'Westminster'))
        .all()
        .map((s) => s.id),
    );
    expect(westminster.map((s) => s.id)).toEqual(expected.filter((id) => inBorough.has(id)));
  });

  it('uses 5 miles when within is not given, and answers none far from London', async () => {
    const five = await schoolsOf({ near: `${SOHO.lat},${SOHO.lon}`, limit: '1' });
    expect(five.headers.get('X-Total-Count')).toBe(String(bruteSchools(SOHO, 5).length));
    const edinburgh = await schoolsOf({ near: '55.9533,-3.1883', within: '10' });
    expect(edinburgh.rows).toEqual([]);
    expect(edinburgh.headers.get('X-Total-Count')).toBe('0');
  });
});

describe('GET /api/jobs?near=', () => {
  /** Open jobs at schools in the circle: nearest school first, then newest id first. */
  function bruteJobs(p: { lat: number; lon: number }, miles: number, keep: (j: { subject: string | null }) => boolean = () => true) {
    const near = bruteSchools(p, miles, false);
    const rank = new Map(near.map((s, i) => [s.id, i]));
    const since = new Date(NOW.getTime() - 0);
    since.setUTCMonth(since.getUTCMonth() - 1);
    return db
      .select({ id: jobs.id, schoolId: jobs.schoolId, subject: jobs.subject })
      .from(jobs)
      .where(and(eq(jobs.isActive, true), gte(jobs.postedAt, since)))
      .all()
      .filter((j) => j.schoolId !== null && rank.has(j.schoolId) && keep(j))
      .sort((a, b) => rank.get(a.schoolId!)! - rank.get(b.schoolId!)! || b.id - a.id)
      .map((j) => ({ id: j.id, miles: near[rank.get(j.schoolId!)!].miles }));
  }

  it('answers open jobs at schools within the radius, nearest first, with distanceMiles', async () => {
    // More jobs: several at each school near Soho, so a page ends inside a school's jobs.
    const near = bruteSchools(SOHO, 2, false).slice(0, 12);
    const added = near.flatMap((s, i) =>
      [0, 1, 2].map(
        (k) =>
          db
            .insert(jobs)
            .values({
              title: `Near test ${i}.${k}`,
              description: 'x',
              borough: 'Westminster',
              schoolId: s.id,
              subject: k === 0 ? 'Mathematics' : 'English',
              postedAt: new Date(NOW.getTime() - (i + k) * 3_600_000),
            })
            .returning({ id: jobs.id })
            .get().id,
      ),
    );
    // One too old and one inactive at the nearest school never show.
    const old = db
      .insert(jobs)
      .values({
        title: 'Near old',
        description: 'x',
        borough: 'Westminster',
        schoolId: near[0].id,
        postedAt: new Date('2026-09-01T00:00:00Z'),
      })
      .returning()
      .get();
    const off = db
      .insert(jobs)
      .values({ title: 'Near inactive', description: 'x', borough: 'Westminster', schoolId: near[0].id, isActive: false, postedAt: NOW })
      .returning()
      .get();
    const expected = bruteJobs(SOHO, 2);
    expect(expected.length).toBeGreaterThanOrEqual(36);

    const first = await jobsOf({ ...nearOf(SOHO, 2), limit: '100' });
    const firstRows = first.rows;
    expect(firstRows.map((j) => j.id)).toEqual(expected.slice(0, 100).map((j) => j.id));
    firstRows.forEach((j, i) => {
      expect(j.distanceMiles).toBe(Math.round(expected[i].miles * 10) / 10);
      expect(j.school).not.toBeNull();
      // The list's one select of job rows (rowsInOrder) carries a sort key: never in the answer.
      expect(j).not.toHaveProperty('sortKey');
    });
    expect(first.headers.get('X-Total-Count')).toBe(String(expected.length));
    const ids = firstRows.map((j) => j.id);
    expect(ids).toEqual(expect.arrayContaining(added));
    expect(ids).not.toContain(old.id);
    expect(ids).not.toContain(off.id);

    // Paging in fours walks the same list (pages end inside a school's jobs).
    const walked = await allPages<JobRow>(jobsOf, { ...nearOf(SOHO, 2), limit: '4' });
    expect(walked.rows.map((j) => j.id)).toEqual(expected.map((j) => j.id));

    // With a filter: only the Mathematics ones, same order.
    const maths = await allPages<JobRow>(jobsOf, { ...nearOf(SOHO, 2), subject: 'Mathematics', limit: '3' });
    expect(maths.rows.map((j) => j.id)).toEqual(bruteJobs(SOHO, 2, (j) => j.subject === 'Mathematics').map((j) => j.id));
    expect(maths.rows.length).toBeGreaterThanOrEqual(12);

    // A smaller circle is a prefix-free subset: every job in it within 1 mile.
    const one = (await jobsOf({ ...nearOf(SOHO, 1), limit: '100' })).rows;
    expect(one.map((j) => j.id)).toEqual(
      bruteJobs(SOHO, 1)
        .slice(0, 100)
        .map((j) => j.id),
    );
    expect(one.every((j) => (j.distanceMiles ?? Infinity) <= 1)).toBe(true);
  });

  it('answers an empty list far from any school', async () => {
    const far = await jobsOf({ near: '53.4808,-2.2426', within: '10' });
    expect(far.rows).toEqual([]);
    expect(far.headers.get('X-Total-Count')).toBe('0');
    expect(far.headers.get('Link')).toBeNull();
  });
});

describe('bad Near me queries', () => {
  const cases: [string, string, string][] = [
    ['/api/jobs?near=abc', 'near', 'Near must be latitude,longitude in decimal degrees'],
    ['/api/jobs?near=51.5', 'near', 'Near must be latitude,longitude in decimal degrees'],
    ['/api/jobs?near=NaN,1', 'near', 'Near must be latitude,longitude in decimal degrees'],
    ['/api/jobs?near=1e1,2', 'near', 'Near must be latitude,longitude in decimal degrees'],
    ['/api/jobs?near=91,0', 'near', 'Latitude must be between -90 and 90'],
    ['/api/schools?near=51.5,-181', 'near', 'Longitude must be between -180 and 180'],
    ['/api/jobs?near=51.5,-0.1&within=11', 'within', 'Within must be a number of miles above 0 and at most 10'],
    ['/api/jobs?near=51.5,-0.1&within=0', 'within', 'Within must be a number of miles above 0 and at most 10'],
    ['/api/schools?near=51.5,-0.1&within=-1', 'within', 'Within must be a number of miles above 0 and at most 10'],
    ['/api/schools?near=51.5,-0.1&within=two', 'within', 'Within must be a number of miles above 0 and at most 10'],
    ['/api/jobs?within=5', 'near', 'Near is needed with within'],
  ];
  it.each(cases)('%s answers 400 on %s', async (url, field, message) => {
    const query = queryOf(url);
    const body = url.startsWith('/api/jobs?')
      ? await answer(client.jobs.$get({ query }), 400)
      : await answer(client.schools.$get({ query }), 400);
    expect(body).toEqual({ error: 'Invalid query', fields: { [field]: message } });
  });

  it('a cursor of the plain list is refused with near, and the other way round', async () => {
    const { cursor } = nextOf((await jobsOf({ limit: '1' })).headers)!;
    expect(await answer(client.jobs.$get({ query: { ...nearOf(SOHO, 2), limit: '1', cursor } }), 400)).toEqual({
      error: 'Invalid query',
      fields: { cursor: 'Invalid cursor' },
    });
    const nearCursor = nextOf((await schoolsOf({ ...nearOf(SOHO, 2), limit: '1' })).headers)!.cursor;
    expect(cursor).toBeTruthy();
    expect(nearCursor).toBeTruthy();
    expect(await answer(client.schools.$get({ query: { limit: '1', cursor: nearCursor } }), 400)).toEqual({
      error: 'Invalid query',
      fields: { cursor: 'Invalid cursor' },
    });
  });
});

describe('the location is never kept', () => {
  it('near answers bypass the answer cache and say no-store; plain lists are still cached', async () => {
    for (const path of [`/api/jobs?${nearQ(SOHO, 2)}`, `/api/schools?${nearQ(SOHO, 2)}`]) {
      for (let i = 0; i < 2; i++) {
        const res = await app.request(path);
        expect(res.status).toBe(200);
        expect(res.headers.get('X-Cache')).toBeNull();
        expect(res.headers.get('Cache-Control')).toBe('no-store');
      }
    }
    await app.request('/api/schools?limit=2');
    expect((await app.request('/api/schools?limit=2')).headers.get('X-Cache')).toBe('hit');
  });

  it('the request log names the path only, never the query', async () => {
    const logged = createApp({ db, now: () => NOW, rateLimit: false, logRequests: true });
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      expect((await logged.request(`/api/jobs?${nearQ(SOHO, 2)}`)).status).toBe(200);
      expect((await logged.request('/api/schools?near=91,0')).status).toBe(400);
      const lines = log.mock.calls.map((c) => c.join(' '));
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/GET \/api\/jobs 200/);
      for (const line of lines) expect(line).not.toMatch(/\?|near|51\.5155|-0\.1322|91,0/);
    } finally {
      log.mockRestore();
    }
  });
});

describe('boundingBox', () => {
  it('holds every point within the radius, at any latitude', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let n = 0; n < 2000; n++) {
      const p = { lat: rnd() * 170 - 85, lon: rnd() * 340 - 170 };
      const miles = 0.5 + rnd() * 9.5;
      const box = boundingBox(p, miles);
      // A point at that distance in a random direction (small steps on the sphere).
      const bearing = rnd() * 2 * Math.PI;
      const d = (miles * rnd()) / 3958.8;
      const lat1 = (p.lat * Math.PI) / 180;
      const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
      const lon2 =
        (p.lon * Math.PI) / 180 +
        Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
      const q = { lat: (lat2 * 180) / Math.PI, lon: (lon2 * 180) / Math.PI };
      expect(haversineMiles(p.lat, p.lon, q.lat, q.lon)).toBeLessThanOrEqual(miles + 1e-6);
      expect(q.lat).toBeGreaterThanOrEqual(box.minLat);
      expect(q.lat).toBeLessThanOrEqual(box.maxLat);
      expect(q.lon).toBeGreaterThanOrEqual(box.minLon);
      expect(q.lon).toBeLessThanOrEqual(box.maxLon);
    }
  });
});
