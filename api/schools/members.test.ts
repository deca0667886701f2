// Who may act for a school (decision 2103): membershipOf counts only live memberships, and a
// route declared with policy.school answers 403 to anyone who is not that school's staff.
import { z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { schoolMembers, schools, users, type SchoolRole } from '../../db/schema';
import { testDb } from '../../test/db';
import type { AppEnv } from '../context';
import { onError } from '../platform/middleware/errors';
import { apiRoute, createRouter, errors, jsonOf, policyOf } from '../platform/route';
import { idParam } from '../platform/validate';
import { deleteAccount } from '../me/privacy.service';
import { assertSchoolMember, lapsesAt, membershipOf, requireSchoolMember, schoolMemberOf } from './members';

const NOW = new Date('2026-11-25T12:00:00Z');
const db = testDb({ demo: false });
const [a, b] = db.select().from(schools).orderBy(schools.id).limit(2).all();
const ago = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

function member(userId: string, schoolId: number, role: SchoolRole, confirmedAt: Date) {
  db.insert(users)
    .values({ id: userId, email: `${userId}@example.test` })
    .onConflictDoNothing()
    .run();
  db.insert(schoolMembers)
    .values({ userId, schoolId, role, method: 'email', email: `${userId}@school.sch.uk`, verifiedAt: confirmedAt, confirmedAt })
    .run();
}
member('m:admin', a.id, 'admin', ago(10));
member('m:editor', a.id, 'editor', ago(364));
member('m:lapsed', a.id, 'admin', ago(366));
member('m:other', b.id, 'admin', ago(1));
db.insert(users).values({ id: 'm:nobody', email: 'nobody@example.test' }).run();

describe('membershipOf', () => {
  it('finds a live membership with its role', () => {
    expect(membershipOf(db, 'm:admin', a.id, NOW)).toMatchObject({ userId: 'm:admin', schoolId: a.id, role: 'admin', method: 'email' });
    expect(membershipOf(db, 'm:editor', a.id, NOW)).toMatchObject({ role: 'editor' });
  });

  it('is null for a membership confirmed more than 12 months ago, for another school and for no membership', () => {
    expect(membershipOf(db, 'm:lapsed', a.id, NOW)).toBeNull();
    expect(membershipOf(db, 'm:other', a.id, NOW)).toBeNull();
    expect(membershipOf(db, 'm:nobody', a.id, NOW)).toBeNull();
  });

  it('lapses exactly 12 calendar months after the last confirmation', () => {
    const confirmed = new Date('2025-11-25T12:00:00Z');
    expect(lapsesAt(confirmed).toISOString()).toBe('2026-11-25T12:00:00.000Z');
    db.update(schoolMembers).set({ confirmedAt: confirmed }).where(eq(schoolMembers.userId, 'm:editor')).run();
    expect(membershipOf(db, 'm:editor', a.id, NOW)).not.toBeNull();
    expect(membershipOf(db, 'm:editor', a.id, new Date(NOW.getTime() + 1))).toBeNull();
    db.update(schoolMembers)
      .set({ confirmedAt: ago(364) })
      .where(eq(schoolMembers.userId, 'm:editor'))
      .run();
  });
});

describe('the schema', () => {
  it('refuses an unknown role or method, and a second membership of the same school', () => {
    const row = { userId: 'm:nobody', schoolId: a.id, verifiedAt: NOW, confirmedAt: NOW };
    expect(() =>
      db
        .insert(schoolMembers)
        .values({ ...row, role: 'owner' as SchoolRole, method: 'email' })
        .run(),
    ).toThrow(/school_members_role_enum/);
    expect(() =>
      db
        .insert(schoolMembers)
        .values({ ...row, role: 'editor', method: 'guess' as 'email' })
        .run(),
    ).toThrow(/school_members_method_enum/);
    expect(() =>
      db
        .insert(schoolMembers)
        .values({ ...row, userId: 'm:admin', role: 'editor', method: 'email' })
        .run(),
    ).toThrow(/UNIQUE/);
  });

  it('removes the memberships with the account, and keeps memberships it verified (verifier unlinked)', () => {
    db.insert(users).values({ id: 'm:gone', email: 'gone@example.test' }).run();
    db.insert(schoolMembers)
      .values({ userId: 'm:gone', schoolId: b.id, role: 'editor', method: 'invite', verifiedAt: NOW, confirmedAt: NOW })
      .run();
    db.update(schoolMembers).set({ verifiedBy: 'm:gone' }).where(eq(schoolMembers.userId, 'm:other')).run();
    deleteAccount(db, 'm:gone');
    expect(db.select().from(schoolMembers).where(eq(schoolMembers.userId, 'm:gone')).all()).toEqual([]);
    expect(db.select().from(schoolMembers).where(eq(schoolMembers.userId, 'm:other')).get()).toMatchObject({
      verifiedBy: null,
      role: 'admin',
    });
  });
});

// A route of a school's own, declared the house's way.
const edit = apiRoute(
  {
    method: 'post',
    path: '/schools/{id}/thing',
    summary: 'test',
    policy: { access: 'user', limit: 'none', school: 'editor' },
    request: { params: idParam },
    responses: { 200: jsonOf(z.object({ role: z.string(), schoolId: z.number() }), 'ok'), ...errors(400, 401, 403) },
  },
  { schoolMember: requireSchoolMember },
);
const settings = apiRoute(
  {
    method: 'post',
    path: '/schools/{id}/settings',
    summary: 'test',
    policy: { access: 'user', limit: 'none', school: 'admin' },
    request: { params: idParam },
    responses: { 200: jsonOf(z.object({ role: z.string() }), 'ok'), ...errors(400, 401, 403) },
  },
  { schoolMember: requireSchoolMember },
);
const router = createRouter()
  .openapi(edit, (c) => c.json({ role: schoolMemberOf(c).role, schoolId: schoolMemberOf(c).schoolId }, 200))
  .openapi(settings, (c) => c.json({ role: schoolMemberOf(c).role }, 200));
const app = new Hono<AppEnv>()
  .use(async (c, next) => {
    const id = c.req.header('x-user');
    const user = id ? db.select().from(users).where(eq(users.id, id)).get() : undefined;
    c.set('db', db);
    c.set('now', () => NOW);
    c.set('user', user ? { ...user, isAdmin: id === 'm:nobody' } : null);
    await next();
  })
  .get('/direct/:id', (c) => c.json(assertSchoolMember(c, Number(c.req.param('id')), 'admin')))
  .route('/', router);
app.onError(onError);
const post = async (path: string, user?: string) => {
  const res = await app.request(path, { method: path.startsWith('/direct') ? 'GET' : 'POST', headers: user ? { 'x-user': user } : {} });
  return { status: res.status, body: await res.json() };
};

describe('policy.school (requireSchoolMember)', () => {
  it('lets a live member through, with the membership on the context', async () => {
    expect(await post(`/schools/${a.id}/thing`, 'm:editor')).toEqual({ status: 200, body: { role: 'editor', schoolId: a.id } });
    expect(await post(`/schools/${a.id}/settings`, 'm:admin')).toEqual({ status: 200, body: { role: 'admin' } });
  });

  it('answers 403 to a member of another school, a lapsed member, a site admin who is no member, and an editor on an admin route', async () => {
    expect(await post(`/schools/${a.id}/thing`, 'm:other')).toEqual({
      status: 403,
      body: { error: 'Only verified staff of this school can do this' },
    });
    expect((await post(`/schools/${a.id}/thing`, 'm:lapsed')).status).toBe(403);
    expect((await post(`/schools/${a.id}/thing`, 'm:nobody')).status).toBe(403);
    expect(await post(`/schools/${a.id}/settings`, 'm:editor')).toEqual({
      status: 403,
      body: { error: 'Only an admin of this school can do this' },
    });
    expect((await post(`/schools/${b.id}/settings`, 'm:admin')).status).toBe(403);
  });

  it('answers 401 signed out and leaves a malformed id to the validator (400)', async () => {
    expect(await post(`/schools/${a.id}/thing`)).toEqual({ status: 401, body: { error: 'Unauthorized' } });
    expect((await post('/schools/abc/thing', 'm:editor')).body).toMatchObject({
      error: 'Invalid input',
      fields: { id: 'Id must be a number' },
    });
  });

  it('assertSchoolMember throws the same 403 from a handler', async () => {
    expect((await post(`/direct/${a.id}`, 'm:admin')).body).toMatchObject({ role: 'admin', userId: 'm:admin' });
    expect(await post(`/direct/${a.id}`, 'm:editor')).toEqual({ status: 403, body: { error: 'Only an admin of this school can do this' } });
    expect(await post(`/direct/${b.id}`, 'm:editor')).toEqual({
      status: 403,
      body: { error: 'Only verified staff of this school can do this' },
    });
  });

  it('is declared in the policy, for signed-in routes with a school {id} only', () => {
    expect(edit['x-policy']).toMatchObject({ access: 'user', school: 'editor' });
    expect(() => policyOf('post', '/schools/{id}/x', { access: 'public', limit: 'write', school: 'editor' })).toThrow(/access 'user'/);
    expect(() => policyOf('post', '/jobs', { access: 'user', limit: 'write', school: 'editor' })).toThrow(/\{id\}/);
  });

  it('takes its rule from the declaration: the platform imports no resource (decision 0014)', () => {
    const declaration = {
      method: 'post' as const,
      path: '/schools/{id}/y',
      summary: 'test',
      policy: { access: 'user' as const, limit: 'none' as const, school: 'editor' as const },
      responses: { 200: jsonOf(z.object({}), 'ok') },
    };
    expect(() => apiRoute(declaration)).toThrow(/resourceRoutes\(tag, \{ schoolMember \}\)/);
    expect(apiRoute(declaration, { schoolMember: requireSchoolMember })['x-policy']).toMatchObject({ school: 'editor' });
  });
});
