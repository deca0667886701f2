// Property test: random malformed bodies, ids and keys thrown at every write endpoint must be
// answered 4xx (never 5xx), and a refused request must write nothing. Seeded, so a failure
// names its seed and case and can be replayed.
import { describe, expect, it } from 'vitest';
import { forumPosts, forumThreads, jobs, reviews, schools } from '../db/schema';
import { signIn, testApp } from '../test/app';
import { RATING_KEYS } from '../test/moderated';
import { caller } from '../test/requests';
import { mulberry32 } from '../db/seed/prng';

const { db, app } = testApp({ now: new Date('2026-11-22T12:00:00Z'), adminEmails: ['fuzz@example.test'], rateLimit: false });
const call = caller(app);
const cookie = signIn(db, { id: 'fuzz:1', email: 'fuzz@example.test', firstName: 'Fuzz' });
const TABLES = [
  'saved_jobs',
  'reviews',
  'interview_experiences',
  'salaries',
  'school_moods',
  'forum_threads',
  'forum_posts',
  'moderation_log',
  'idempotency_keys',
];
const snapshot = () => TABLES.map((t) => `${t}:${(db.$client.prepare(`select count(*) n from ${t}`).get() as { n: number }).n}`).join(' ');
const contentState = () =>
  JSON.stringify(db.$client.prepare('select sum(is_approved), sum(rejected_at is not null) from forum_threads').get()) +
  JSON.stringify(db.$client.prepare('select sum(is_approved), sum(is_locked), sum(is_sticky) from forum_threads').get());

/** Seeded random choices over mulberry32. */
function rng(seed: number) {
  const next = mulberry32(seed);
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
  return { next, int, pick };
}
type R = ReturnType<typeof rng>;

const WEIRD = [
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\udfff',
  '\ud83d',
  '🤩',
  'ǅ',
  '\u202e',
  '<script>alert(1)</script>',
  "'; drop table reviews; --",
  '%00',
  '\\',
  '"',
  'NaN',
  'Infinity',
  '1e309',
  '-0',
  'true',
  'null',
  '{}',
  '[]',
];
function randomString(r: R): string {
  const kind = r.int(5);
  if (kind === 0) return r.pick(WEIRD);
  if (kind === 1) return 'x'.repeat(r.pick([1, 9, 19, 201, 256, 1001, 5001, 20001]));
  if (kind === 2) return Array.from({ length: r.int(30) }, () => String.fromCharCode(r.int(0x10000))).join('');
  if (kind === 3) return String(r.next() * 1e6);
  return Array.from({ length: r.int(12) }, () => r.pick(WEIRD)).join('');
}
function randomValue(r: R, depth = 0): unknown {
  switch (r.int(depth > 2 ? 6 : 8)) {
    case 0:
      return null;
    case 1:
      return r.next() < 0.5;
    case 2:
      return r.pick([0, -1, 1, 3, 5, 6, 1.5, 14999, 15000, 200000, 200001, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 2 ** 64, 5e-324]);
    case 3:
    case 4:
      return randomString(r);
    case 5:
      return r.int(1_000_000);
    case 6:
      return Array.from({ length: r.int(4) }, () => randomValue(r, depth + 1));
    default:
      return Object.fromEntries(Array.from({ length: r.int(5) }, () => [randomString(r).slice(0, 20), randomValue(r, depth + 1)]));
  }
}

const school = db.select({ id: schools.id }).from(schools).limit(1).get()!.id;
const job = db.select({ id: jobs.id }).from(jobs).limit(1).get()!.id;
const thread = db.select({ id: forumThreads.id }).from(forumThreads).limit(1).get()!.id;
const post = db.select({ id: forumPosts.id }).from(forumPosts).limit(1).get()!.id;
const review = db.select({ id: reviews.id }).from(reviews).limit(1).get()!.id;

/** Field names of each body, so random values also land on the real fields. */
const FIELDS: Record<string, string[]> = {
  review: [...RATING_KEYS, 'pros', 'cons', 'adviceToManagement', 'wouldRecommend', 'employmentStatus', 'jobTitle', 'yearsAtSchool'],
  interview: [
    'jobTitle',
    'interviewDifficulty',
    'processDescription',
    'questionsAsked',
    'tipsForCandidates',
    'outcome',
    'overallExperience',
  ],
  salary: ['jobTitle', 'schoolType', 'borough', 'yearsExperience', 'annualSalary', 'additionalBenefits'],
  mood: ['mood', 'emoji', 'comment', 'anonymous'],
  thread: ['title', 'content', 'categoryId'],
  post: ['content', 'parentPostId'],
  reject: ['reason'],
  none: [],
};
/** A body no schema accepts: required fields missing or of a wrong type. */
const REQUIRED: Record<string, string> = {
  review: 'pros',
  interview: 'processDescription',
  salary: 'annualSalary',
  mood: 'mood',
  thread: 'title',
  post: 'content',
  reject: 'reason',
};

const ENDPOINTS: { method: string; path: (id: string) => string; id: number; body: keyof typeof FIELDS }[] = [
  { method: 'POST', path: (id) => `/api/jobs/${id}/save`, id: job, body: 'none' },
  { method: 'DELETE', path: (id) => `/api/jobs/${id}/save`, id: job, body: 'none' },
  { method: 'POST', path: (id) => `/api/schools/${id}/reviews`, id: school, body: 'review' },
  { method: 'POST', path: (id) => `/api/schools/${id}/interviews`, id: school, body: 'interview' },
  { method: 'POST', path: (id) => `/api/schools/${id}/mood`, id: school, body: 'mood' },
  { method: 'PUT', path: (id) => `/api/schools/${id}/mood`, id: school, body: 'mood' },
  { method: 'POST', path: () => '/api/salaries', id: 0, body: 'salary' },
  { method: 'POST', path: () => '/api/forum/threads', id: 0, body: 'thread' },
  { method: 'POST', path: (id) => `/api/forum/threads/${id}/posts`, id: thread, body: 'post' },
  { method: 'POST', path: (id) => `/api/moderation/reviews/${id}/approve`, id: review, body: 'none' },
  { method: 'POST', path: (id) => `/api/moderation/posts/${id}/reject`, id: post, body: 'reject' },
  { method: 'POST', path: (id) => `/api/moderation/threads/${id}/reject`, id: thread, body: 'reject' },
  { method: 'POST', path: (id) => `/api/moderation/threads/${id}/lock`, id: thread, body: 'none' },
  { method: 'POST', path: (id) => `/api/moderation/threads/${id}/sticky`, id: thread, body: 'none' },
];

const BAD_IDS = ['abc', '-1', '0', '1.5', '1e309', '99999999999999999999999', '0x10', '%F0%9F%A4%A9', '%00', ' 1'];
const RAW_BODIES = [
  '{',
  '{"a":',
  'not json',
  '[1,2',
  '{"pros": "\\ud800"',
  '\u0000',
  "{'single': 'quotes'}",
  '{"a":1}{"b":2}',
  'null',
  '"string"',
  '123',
  'true',
  '[]',
];

describe('write endpoints under random malformed input', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.path(':id')} answers 4xx, never 5xx, and writes nothing when refusing`, async () => {
      const seed = 0x5eed + endpoint.method.length * 31 + endpoint.path('x').length;
      const r = rng(seed);
      for (let i = 0; i < 60; i++) {
        const mode = r.int(6);
        let id = String(endpoint.id);
        const options: Parameters<typeof call>[2] = { cookie };
        let mustRefuse = endpoint.body !== 'none';
        if (mode === 0) {
          options.body = randomValue(r); // any JSON value at all
          if (options.body && typeof options.body === 'object' && !Array.isArray(options.body))
            delete (options.body as Record<string, unknown>)[REQUIRED[endpoint.body]];
        } else if (mode === 1) {
          // the real field names with random values, one required field of a wrong type
          const body: Record<string, unknown> = Object.fromEntries(FIELDS[endpoint.body].map((f) => [f, randomValue(r)]));
          if (REQUIRED[endpoint.body]) body[REQUIRED[endpoint.body]] = r.pick([null, 42, [], {}, true, '']);
          options.body = body;
        } else if (mode === 2) {
          options.raw = r.pick(RAW_BODIES);
          if (['null', '"string"', '123', 'true', '[]'].includes(options.raw)) mustRefuse = endpoint.body !== 'none';
        } else if (mode === 3) {
          options.raw = 'x'.repeat(70_000); // over the 64 KB limit
          mustRefuse = true;
        } else if (mode === 4) {
          id = r.pick(BAD_IDS);
          options.body = {};
          mustRefuse = endpoint.path('x') !== endpoint.path('y') || endpoint.body !== 'none';
        } else {
          options.body = Object.fromEntries(FIELDS[endpoint.body].map((f) => [f, 'x'.repeat(r.pick([0, 70_000]))]));
          options.key = r.pick(['', ' ', 'k'.repeat(300), 'ok-key', 'ключ'.replace(/[^\x20-\x7e]/g, '?')]);
          if (REQUIRED[endpoint.body]) mustRefuse = true;
        }
        const before = snapshot();
        const state = contentState();
        const res = await call(endpoint.method, endpoint.path(id), options);
        const label = `seed ${seed} case ${i} mode ${mode}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
        expect(res.status, label).toBeLessThan(500);
        expect(typeof res.body === 'object' && res.body !== null, label).toBe(true);
        if (mustRefuse) expect(res.status, label).toBeGreaterThanOrEqual(400);
        if (res.status >= 400) {
          expect(snapshot(), label).toBe(before);
          expect(contentState(), label).toBe(state);
          expect(res.body.error, label).toEqual(expect.any(String));
        }
      }
    });
  }

  it('invalid UTF-8 bytes in the body are a 400, not a crash', async () => {
    const before = snapshot();
    const res = await app.request(`/api/schools/${school}/reviews`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: new Uint8Array([0x7b, 0x22, 0x70, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]),
    });
    expect(res.status).toBe(400);
    const res2 = await app.request('/api/salaries', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: new Uint8Array([0xc0, 0xaf, 0xed, 0xa0, 0x80]),
    });
    expect(res2.status).toBe(400);
    expect(snapshot()).toBe(before);
  });
});
