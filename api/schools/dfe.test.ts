// DfE Sign-in (decision 2102) end to end: the app's DfE provider against the local OpenID
// provider on 127.0.0.1, which sends an `organisation` claim shaped like DfE Sign-in's.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolAudit, schoolMembers, schools } from '../../db/schema';
import { testDb } from '../../test/db';
import { signInThroughProvider, type Person } from '../../test/oidc';
import { caller } from '../../test/requests';
import { createApp } from '../app';
import { startDevOidc, type DevOidc } from '../dev-oidc/provider';
import { callbackUrl, dfeSignInProvider } from '../auth/oidc';
import { applyDfeOrganisation } from './dfe';
import { membershipOf } from './members';

const APP = 'http://localhost:3998';
const client = { clientId: 'tilt-dfe-test', clientSecret: 'dfe-test-secret-0123456789' };
const db = testDb({ demo: false });
const school = db.select().from(schools).where(eq(schools.urn, 100005)).get()!;
let op: DevOidc;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  op = await startDevOidc({ port: 0, redirectUris: [callbackUrl(APP, 'dfe')], ...client });
  app = createApp({
    db,
    signIn: [dfeSignInProvider({ issuer: op.issuer, ...client }, callbackUrl(APP, 'dfe'))],
    sessionSecret: 'dfe-test-session-secret-0123456789abcdef',
  });
});
afterAll(async () => op?.close());

const signInAs = async (person: Person) => {
  const cookie = await signInThroughProvider(app, APP, person);
  return { cookie, userId: `dfe:${person.email}` };
};

describe('DfE Sign-in', () => {
  it('asks for the organisation scope', async () => {
    const res = await app.request(`${APP}/api/login`);
    expect(new URL(res.headers.get('location')!).searchParams.get('scope')).toBe('openid profile email organisation');
  });

  it('an establishment (category 001) with one of our URNs makes the person an editor of that school at once', async () => {
    const { cookie, userId } = await signInAs({
      email: 'head@thomascoram.camden.sch.uk',
      name: 'Dana Head',
      organisationUrn: '100005',
      organisationCategory: '001',
    });
    expect(membershipOf(db, userId, school.id, new Date())).toMatchObject({
      role: 'editor',
      method: 'dfe-sign-in',
      email: null,
      verifiedBy: null,
    });
    const mine = await caller(app)('GET', '/api/me/schools', { cookie });
    expect(mine.body.schools).toEqual([
      expect.objectContaining({ schoolId: school.id, name: school.name, role: 'editor', method: 'dfe-sign-in', live: true }),
    ]);
    expect(db.select().from(schoolAudit).where(eq(schoolAudit.schoolId, school.id)).all()).toEqual([
      expect.objectContaining({
        action: 'member.dfe-sign-in',
        actorUserId: userId,
        detail: expect.objectContaining({ urn: 100005, role: 'editor' }),
      }),
    ]);
    // Signing in again re-confirms the same membership (no second row).
    await signInAs({ email: 'head@thomascoram.camden.sch.uk', name: 'Dana Head', organisationUrn: '100005', organisationCategory: '001' });
    expect(db.select().from(schoolMembers).where(eq(schoolMembers.userId, userId)).all()).toHaveLength(1);
  });

  it('a trust or a local authority is recorded and shown as not supported yet, never guessed', async () => {
    for (const [category, name] of [
      ['010', 'Multi-Academy Trust'],
      ['013', 'Single-Academy Trust'],
      ['002', 'Local Authority'],
    ]) {
      const email = `staff${category}@example.test`;
      const { cookie, userId } = await signInAs({ email, name: 'Tri Staff', organisationUrn: '100005', organisationCategory: category });
      expect(db.select().from(schoolMembers).where(eq(schoolMembers.userId, userId)).all()).toEqual([]);
      const mine = await caller(app)('GET', '/api/me/schools', { cookie });
      expect(mine.body.schools).toEqual([]);
      expect(mine.body.notSupported).toEqual([
        expect.objectContaining({ category: name, reason: 'Only single schools (establishments) are supported yet.' }),
      ]);
    }
  });

  it('an establishment that is not one of our schools, and no organisation at all, make no membership', async () => {
    const other = await signInAs({ email: 'far@example.test', name: 'Far Away', organisationUrn: '999999', organisationCategory: '001' });
    expect(db.select().from(schoolMembers).where(eq(schoolMembers.userId, other.userId)).all()).toEqual([]);
    expect((await caller(app)('GET', '/api/me/schools', { cookie: other.cookie })).body.notSupported[0].reason).toBe(
      'This establishment is not one of the London schools listed here.',
    );
    const none = await signInAs({ email: 'plain@example.test', name: 'Plain Person' });
    expect((await caller(app)('GET', '/api/me/schools', { cookie: none.cookie })).body).toEqual({
      schools: [],
      claims: [],
      notSupported: [],
    });
  });

  it('reads the claim as JSON text too, and ignores a malformed one', () => {
    db.$client.prepare("insert or ignore into users (id, email) values ('dfe:text', null)").run();
    const json = JSON.stringify({ id: 'x', name: 'Coram', category: { id: '001', name: 'Establishment' }, urn: '100005' });
    expect(applyDfeOrganisation(db, 'dfe:text', json, new Date())).toMatchObject({ kind: 'member', schoolId: school.id, created: true });
    expect(applyDfeOrganisation(db, 'dfe:text', '{not json', new Date())).toEqual({ kind: 'none' });
    expect(applyDfeOrganisation(db, 'dfe:text', { name: 'No category' }, new Date())).toEqual({ kind: 'none' });
  });
});
