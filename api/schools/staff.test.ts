// A school's staff (decisions 2101-2103): claims by work email and their one-time links, the
// domain rules, approval by a site admin or the school's admin, members, invitations,
// re-confirmation, the 409 on contributions to one's own school, the email limits, the audit log
// and the privacy export and deletion.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schoolAudit, schoolClaims, schoolMembers, schools } from '../../db/schema';
import { signIn } from '../../test/app';
import { testDb } from '../../test/db';
import { caller } from '../../test/requests';
import { interviewBody, reviewBody } from '../../test/moderated';
import { createApp } from '../app';
import type { MailMessage } from '../alerts/sender/mailer';
import { registrableDomain, websiteDomain } from './domains';
import { membershipOf } from './members';

const NOW = new Date('2026-11-25T10:00:00Z');
const db = testDb({ now: NOW });
let clock = NOW;
const mail: MailMessage[] = [];
const mailer = {
  describe: 'test',
  send: async (m: MailMessage) => {
    if (m.to.startsWith('bounce@')) throw new Error('550 mailbox unavailable');
    mail.push(m);
    return `id-${mail.length}`;
  },
};
const options = { db, now: () => clock, adminEmails: ['admin@example.test'], mailer, siteOrigin: 'https://teachers.example' };
const app = createApp({ ...options, rateLimit: false });
const call = caller(app);

const byUrn = (urn: number) => db.select().from(schools).where(eq(schools.urn, urn)).get()!;
// Register websites (the seed's GIAS extract): a *.sch.uk school, another *.sch.uk one, an org.uk one.
const coram = byUrn(100005); // http://www.thomascoram.camden.sch.uk/
const argyle = byUrn(100008); // http://www.argyle.camden.sch.uk/ (Heath School's ccfl.camden.sch.uk is shared: decision 2113)
const clsg = byUrn(100001); // http://www.clsg.org.uk

const admin = signIn(db, { id: 'site:admin', email: 'admin@example.test', firstName: 'Site' });
const person = (id: string, firstName = 'Sam') =>
  signIn(db, { id, email: `${id.replace(/\W/g, '')}@example.test`, firstName, lastName: 'Lee' });
const lastLink = () => {
  const m = /\/school-link#([\w-]+)/.exec(mail.at(-1)!.text);
  if (!m) throw new Error('no link in the last email');
  return m[1];
};

/** Asks to manage `school` with the work address `email`, as `cookie`: the answer's status (202: the link is emailed). */
const claim = async (cookie: string, school: { id: number }, email: string) =>
  (await call('POST', `/api/schools/${school.id}/claims`, { cookie, body: { email } })).status;

/** Claims `school` with `email` as `cookie`, opens the link and answers the claim row. */
async function pendingClaim(cookie: string, school: { id: number }, email: string) {
  expect(await claim(cookie, school, email)).toBe(202);
  expect((await call('POST', '/api/school-links', { cookie, body: { token: lastLink() } })).status).toBe(200);
  return db.select().from(schoolClaims).where(eq(schoolClaims.email, email)).orderBy(schoolClaims.id).all().at(-1)!;
}

describe('the domain rule (Public Suffix List)', () => {
  it('takes the registrable domain: a school under *.sch.uk is its own, camden.sch.uk alone is a suffix', () => {
    expect(registrableDomain('www.ccfl.camden.sch.uk')).toBe('ccfl.camden.sch.uk');
    expect(registrableDomain('camden.sch.uk')).toBeNull();
    expect(registrableDomain('ccfl-camden.sch.uk.evil.com')).toBe('evil.com');
    expect(websiteDomain(coram.website)).toBe('thomascoram.camden.sch.uk');
    expect(websiteDomain(clsg.website)).toBe('clsg.org.uk');
    expect(websiteDomain('https://sites.google.com/view/our-school')).toBeNull();
    expect(websiteDomain('http://gmail.com')).toBeNull();
  });

  it("accepts an address at a *.sch.uk school's own domain (and a subdomain of it), and sends a one-time link", async () => {
    const cookie = person('claim:sch');
    const res = await call('POST', `/api/schools/${coram.id}/claims`, { cookie, body: { email: ' Head@ThomasCoram.Camden.sch.uk ' } });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: 'sent', expiresAt: '2026-11-26T10:00:00.000Z' });
    expect(mail.at(-1)).toMatchObject({
      to: 'head@thomascoram.camden.sch.uk',
      subject: `Confirm your address to manage ${coram.name} on Teachers In London Talk`,
    });
    expect(mail.at(-1)!.text).toContain('https://teachers.example/school-link#');
    const row = db.select().from(schoolClaims).where(eq(schoolClaims.email, 'head@thomascoram.camden.sch.uk')).get()!;
    expect(row).toMatchObject({
      kind: 'claim',
      state: 'pending-email',
      domain: 'thomascoram.camden.sch.uk',
      domainRule: 'register-website',
      userId: 'claim:sch',
    });
    // Stored hashed: the token in the email is nowhere in the database.
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(db.select().from(schoolClaims).all())).not.toContain(lastLink());
    expect(await claim(cookie, coram, 'office@staff.thomascoram.camden.sch.uk')).toBe(202);
  });

  it("accepts an address at a school's org.uk domain", async () => {
    const res = await call('POST', `/api/schools/${clsg.id}/claims`, {
      cookie: person('claim:org'),
      body: { email: 'bursar@clsg.org.uk' },
    });
    expect(res.status).toBe(202);
  });

  it("refuses the suffix, another school's domain, look-alikes and free mail, each with a clear message and nothing written", async () => {
    const cookie = person('claim:bad');
    const before = db.select().from(schoolClaims).all().length;
    const sent = mail.length;
    const refused = async (school: { id: number }, email: string) => {
      const res = await call('POST', `/api/schools/${school.id}/claims`, { cookie, body: { email } });
      expect(res.status, email).toBe(400);
      expect(res.body.error).toBe('Invalid input');
      return res.body.fields.email as string;
    };
    expect(await refused(argyle, 'head@camden.sch.uk')).toBe('This is not an address at a school or trust domain.');
    expect(await refused(argyle, 'head@thomascoram.camden.sch.uk')).toBe(
      `Use an address at argyle.camden.sch.uk: thomascoram.camden.sch.uk is not an email domain of ${argyle.name}.`,
    );
    expect(await refused(argyle, 'head@argyle-camden.sch.uk.evil.com')).toContain('evil.com is not an email domain');
    expect(await refused(argyle, 'head@argyle.camden.sch.uk.example.com')).toContain('example.com is');
    expect(await refused(argyle, 'head@argyle.camden.sch.uk.attacker.net')).toBe(
      `Use an address at argyle.camden.sch.uk: attacker.net is not an email domain of ${argyle.name}.`,
    );
    expect(await refused(argyle, 'argyle.camden.sch.uk@gmail.com')).toBe(
      'gmail.com is a personal email provider. Use the address your school gave you.',
    );
    expect(await refused(argyle, 'someone@btinternet.com')).toBe(
      'btinternet.com is a personal email provider. Use the address your school gave you.',
    );
    expect(await refused(argyle, 'not an address')).toBe('Enter an email address such as name@yourschool.sch.uk');
    expect(db.select().from(schoolClaims).all().length).toBe(before);
    expect(mail.length).toBe(sent);
    // Heath's own domain works.
    expect(await claim(cookie, argyle, 'head@argyle.camden.sch.uk')).toBe(202);
  });

  it('accepts a trust domain once a site admin adds it, and only site admins add one', async () => {
    const cookie = person('claim:trust');
    const trustEmail = 'hr@exampletrust.org.uk';
    expect(await claim(cookie, clsg, trustEmail)).toBe(400);
    expect(
      (await call('POST', `/api/moderation/schools/${clsg.id}/domains`, { cookie, body: { domain: 'exampletrust.org.uk' } })).status,
    ).toBe(403);
    const bad = await call('POST', `/api/moderation/schools/${clsg.id}/domains`, { cookie: admin, body: { domain: 'sch.uk' } });
    expect(bad.body.fields.domain).toBe('Enter a domain such as harrisfederation.org.uk (not a suffix such as sch.uk)');
    expect(
      (await call('POST', `/api/moderation/schools/${clsg.id}/domains`, { cookie: admin, body: { domain: 'gmail.com' } })).body.fields
        .domain,
    ).toBe("gmail.com is shared by many people and cannot be a school's domain");
    const added = await call('POST', `/api/moderation/schools/${clsg.id}/domains`, {
      cookie: admin,
      body: { domain: 'https://www.ExampleTrust.org.uk/' },
    });
    expect(added.status).toBe(201);
    expect(added.body.domain).toBe('exampletrust.org.uk');
    expect(
      (await call('POST', `/api/moderation/schools/${clsg.id}/domains`, { cookie: admin, body: { domain: 'exampletrust.org.uk' } })).status,
    ).toBe(409);
    const list = await call('GET', `/api/moderation/schools/${clsg.id}/domains`, { cookie: admin });
    expect(list.body).toMatchObject({ registerDomain: 'clsg.org.uk', added: [{ domain: 'exampletrust.org.uk' }] });
    expect(await claim(cookie, clsg, trustEmail)).toBe(202);
    expect(db.select().from(schoolClaims).where(eq(schoolClaims.email, trustEmail)).get()).toMatchObject({
      domain: 'exampletrust.org.uk',
      domainRule: 'admin-added',
    });
    // Another school does not inherit it.
    expect(await claim(cookie, coram, trustEmail)).toBe(400);
  });
});

describe('the one-time link', () => {
  it('makes the claim pending for the same user only, once', async () => {
    const cookie = person('link:owner');
    expect(await claim(cookie, coram, 'teacher@thomascoram.camden.sch.uk')).toBe(202);
    const token = lastLink();
    const other = await call('POST', '/api/school-links', { cookie: person('link:other'), body: { token } });
    expect(other).toMatchObject({ status: 403, body: { error: 'Open this link signed in with the account that asked for it.' } });
    const opened = await call('POST', '/api/school-links', { cookie, body: { token } });
    expect(opened).toMatchObject({ status: 200, body: { kind: 'claim', state: 'pending', school: { id: coram.id, name: coram.name } } });
    expect(db.select().from(schoolClaims).where(eq(schoolClaims.email, 'teacher@thomascoram.camden.sch.uk')).get()).toMatchObject({
      state: 'pending',
      usedAt: NOW,
    });
    const again = await call('POST', '/api/school-links', { cookie, body: { token } });
    expect(again).toMatchObject({ status: 410, body: { error: 'This link has expired or was already used. Ask for a new one.' } });
    expect((await call('POST', '/api/school-links', { body: { token } })).status).toBe(401);
    expect((await call('POST', '/api/school-links', { cookie, body: { token: 'x'.repeat(43) } })).status).toBe(410);
  });

  it('stops working 24 hours after it was sent', async () => {
    const cookie = person('link:late');
    expect(await claim(cookie, coram, 'late@thomascoram.camden.sch.uk')).toBe(202);
    const token = lastLink();
    clock = new Date(NOW.getTime() + 24 * 3_600_000);
    try {
      expect((await call('POST', '/api/school-links', { cookie, body: { token } })).status).toBe(410);
    } finally {
      clock = NOW;
    }
    expect(db.select().from(schoolClaims).where(eq(schoolClaims.email, 'late@thomascoram.camden.sch.uk')).get()!.state).toBe(
      'pending-email',
    );
  });

  it('is not kept when the email could not be sent (502)', async () => {
    db.insert(schoolMembers)
      .values({ userId: 'link:owner', schoolId: argyle.id, role: 'admin', method: 'admin', verifiedAt: NOW, confirmedAt: NOW })
      .run();
    const res = await call('POST', `/api/schools/${argyle.id}/invites`, {
      cookie: person('link:owner'),
      body: { email: 'bounce@argyle.camden.sch.uk', role: 'editor' },
    });
    expect(res).toMatchObject({ status: 502, body: { error: 'The email could not be sent. Please try again in a few minutes.' } });
    expect(db.select().from(schoolClaims).where(eq(schoolClaims.email, 'bounce@argyle.camden.sch.uk')).all()).toEqual([]);
    db.delete(schoolMembers).where(eq(schoolMembers.userId, 'link:owner')).run();
  });

  it('answers 503 on a server that sends no email', async () => {
    const noMail = caller(createApp({ ...options, mailer: null, rateLimit: false }));
    const res = await noMail('POST', `/api/schools/${coram.id}/claims`, {
      cookie: person('link:nomail'),
      body: { email: 'x@thomascoram.camden.sch.uk' },
    });
    expect(res.status).toBe(503);
  });
});

describe('deciding claims', () => {
  it('site admins see the queue with the register phone number, the address and the rule; others get 403', async () => {
    const claim = await pendingClaim(person('q:claimant', 'Quinn'), coram, 'quinn@thomascoram.camden.sch.uk');
    expect((await call('GET', '/api/moderation/claims', { cookie: person('q:nobody') })).status).toBe(403);
    const q = await call('GET', '/api/moderation/claims', { cookie: admin });
    expect(q.status).toBe(200);
    const row = q.body.claims.find((r: { id: number }) => r.id === claim.id);
    expect(row).toMatchObject({
      state: 'pending',
      email: 'quinn@thomascoram.camden.sch.uk',
      domain: 'thomascoram.camden.sch.uk',
      domainRule: 'register-website',
      sharedWith: 0,
      emailConfirmedAt: NOW.toISOString(),
      school: { id: coram.id, name: coram.name, phoneNumber: coram.phoneNumber, urn: 100005 },
      claimant: { firstName: 'Quinn', lastName: 'Lee', email: 'qclaimant@example.test' },
    });
    expect(coram.phoneNumber).toMatch(/^0\d/);
  });

  it("approval by a site admin makes the first member the school's admin; the member sees the school with the month verified", async () => {
    const cookie = person('d:first', 'Fran');
    const claim = await pendingClaim(cookie, coram, 'fran@thomascoram.camden.sch.uk');
    const res = await call('POST', `/api/moderation/claims/${claim.id}/approve`, { cookie: admin });
    expect(res).toMatchObject({ status: 200, body: { id: claim.id, state: 'approved', role: 'admin' } });
    expect(membershipOf(db, 'd:first', coram.id, NOW)).toMatchObject({
      role: 'admin',
      method: 'email',
      email: 'fran@thomascoram.camden.sch.uk',
      verifiedBy: 'site:admin',
    });
    const mine = await call('GET', '/api/me/schools', { cookie });
    expect(mine.body.schools).toEqual([
      expect.objectContaining({
        schoolId: coram.id,
        name: coram.name,
        role: 'admin',
        method: 'email',
        verifiedMonth: 'November 2026',
        live: true,
        lapsesAt: '2027-11-25T10:00:00.000Z',
      }),
    ]);
    expect((await call('POST', `/api/moderation/claims/${claim.id}/approve`, { cookie: admin })).status).toBe(409);
  });

  it("the school's admin approves (editor by default) and rejects claims of their school only", async () => {
    const fran = person('d:first');
    const a = await pendingClaim(person('d:second', 'Sol'), coram, 'sol@thomascoram.camden.sch.uk');
    const b = await pendingClaim(person('d:third', 'Tam'), coram, 'tam@thomascoram.camden.sch.uk');
    const list = await call('GET', `/api/schools/${coram.id}/claims`, { cookie: fran });
    expect(list.body.claims.map((r: { email: string }) => r.email)).toEqual(
      expect.arrayContaining(['sol@thomascoram.camden.sch.uk', 'tam@thomascoram.camden.sch.uk']),
    );
    expect((await call('POST', `/api/schools/${coram.id}/claims/${a.id}/approve`, { cookie: fran })).body).toEqual({
      id: a.id,
      state: 'approved',
      role: 'editor',
    });
    const rejected = await call('POST', `/api/schools/${coram.id}/claims/${b.id}/reject`, {
      cookie: fran,
      body: { reason: 'Not on our staff list' },
    });
    expect(rejected.body).toEqual({ id: b.id, state: 'rejected', role: null });
    const tam = await call('GET', '/api/me/schools', { cookie: person('d:third') });
    expect(tam.body.claims[0]).toMatchObject({ schoolId: coram.id, state: 'rejected', reason: 'Not on our staff list' });
    expect(tam.body.schools).toEqual([]);
    // An editor may not decide; nor may the admin decide a claim of another school.
    const c = await pendingClaim(person('d:fourth'), clsg, 'x@clsg.org.uk');
    expect((await call('POST', `/api/schools/${coram.id}/claims/${c.id}/approve`, { cookie: fran })).status).toBe(404);
    expect((await call('POST', `/api/schools/${clsg.id}/claims/${c.id}/approve`, { cookie: fran })).status).toBe(403);
    expect((await call('GET', `/api/schools/${coram.id}/claims`, { cookie: person('d:second') })).status).toBe(403);
    const audit = await call('GET', `/api/schools/${coram.id}/audit`, { cookie: fran });
    expect(audit.body.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['claim.approved', 'claim.rejected', 'claim.requested', 'claim.email-confirmed']),
    );
    expect(audit.body.find((e: { action: string }) => e.action === 'claim.rejected')).toMatchObject({
      actor: 'Fran Lee',
      detail: { reason: 'Not on our staff list', by: 'school-admin' },
    });
    expect(JSON.stringify(audit.body)).not.toContain('d:third');
  });
});

describe('members', () => {
  it('an admin invites a colleague (same domain rule), the link makes them a member; the answer is the same for any address', async () => {
    const fran = person('d:first');
    const a = await call('POST', `/api/schools/${coram.id}/invites`, {
      cookie: fran,
      body: { email: 'new@thomascoram.camden.sch.uk', role: 'editor' },
    });
    const b = await call('POST', `/api/schools/${coram.id}/invites`, { cookie: fran, body: { email: 'sol@thomascoram.camden.sch.uk' } });
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(Object.keys(a.body)).toEqual(Object.keys(b.body));
    expect((await call('POST', `/api/schools/${coram.id}/invites`, { cookie: fran, body: { email: 'new@gmail.com' } })).status).toBe(400);
    expect(
      (
        await call('POST', `/api/schools/${coram.id}/invites`, {
          cookie: person('d:second'),
          body: { email: 'x@thomascoram.camden.sch.uk' },
        })
      ).status,
    ).toBe(403);
    await call('POST', `/api/schools/${coram.id}/invites`, {
      cookie: fran,
      body: { email: 'uma@thomascoram.camden.sch.uk', role: 'editor' },
    });
    const uma = person('m:uma', 'Uma');
    const opened = await call('POST', '/api/school-links', { cookie: uma, body: { token: lastLink() } });
    expect(opened.body).toMatchObject({ kind: 'invite', state: 'approved', role: 'editor' });
    expect(membershipOf(db, 'm:uma', coram.id, NOW)).toMatchObject({
      method: 'invite',
      verifiedBy: 'd:first',
      email: 'uma@thomascoram.camden.sch.uk',
    });
    const members = await call('GET', `/api/schools/${coram.id}/members`, { cookie: uma });
    expect(members.body.map((m: { firstName: string; role: string }) => `${m.firstName}:${m.role}`)).toEqual([
      'Fran:admin',
      'Sol:editor',
      'Uma:editor',
    ]);
    // An editor sees colleagues' names, not their addresses.
    expect(members.body.find((m: { firstName: string }) => m.firstName === 'Fran').email).toBeNull();
    expect(members.body.find((m: { you: boolean }) => m.you).email).toBe('uma@thomascoram.camden.sch.uk');
  });

  it('a member of one school can do nothing to another (403)', async () => {
    const uma = person('m:uma');
    for (const [method, path] of [
      ['GET', `/api/schools/${clsg.id}/members`],
      ['GET', `/api/schools/${clsg.id}/audit`],
      ['GET', `/api/schools/${clsg.id}/claims`],
      ['POST', `/api/schools/${clsg.id}/invites`],
    ] as const) {
      const res = await call(method, path, { cookie: uma, body: method === 'POST' ? { email: 'x@clsg.org.uk' } : undefined });
      expect(res, path).toMatchObject({ status: 403, body: { error: 'Only verified staff of this school can do this' } });
    }
  });

  it('admins change roles (never leaving the school without an admin) and remove members; anyone can leave', async () => {
    const fran = person('d:first');
    const list = (await call('GET', `/api/schools/${coram.id}/members`, { cookie: fran })).body as { id: number; firstName: string }[];
    const idOf = (name: string) => list.find((m) => m.firstName === name)!.id;
    const last = await call('PATCH', `/api/schools/${coram.id}/members/${idOf('Fran')}`, { cookie: fran, body: { role: 'editor' } });
    expect(last).toMatchObject({ status: 409, body: { error: 'A school needs at least one admin: make someone else an admin first.' } });
    expect(
      (await call('PATCH', `/api/schools/${coram.id}/members/${idOf('Sol')}`, { cookie: fran, body: { role: 'admin' } })).body,
    ).toEqual({ id: idOf('Sol'), role: 'admin' });
    expect((await call('PATCH', `/api/schools/${coram.id}/members/${idOf('Sol')}`, { cookie: fran, body: { role: 'owner' } })).status).toBe(
      400,
    );
    expect((await call('DELETE', `/api/schools/${coram.id}/members/${idOf('Uma')}`, { cookie: person('m:uma') })).status).toBe(403);
    expect((await call('DELETE', `/api/schools/${coram.id}/members/${idOf('Uma')}`, { cookie: fran })).status).toBe(204);
    expect(membershipOf(db, 'm:uma', coram.id, NOW)).toBeNull();
    expect((await call('POST', `/api/schools/${coram.id}/leave`, { cookie: person('d:second') })).status).toBe(204);
    expect((await call('POST', `/api/schools/${coram.id}/leave`, { cookie: person('d:second') })).status).toBe(404);
    const actions = db
      .select({ action: schoolAudit.action })
      .from(schoolAudit)
      .where(eq(schoolAudit.schoolId, coram.id))
      .all()
      .map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['member.invited', 'member.joined', 'member.role-changed', 'member.removed', 'member.left']),
    );
  });

  it('a membership lapses after 12 months and comes back through the confirm email link', async () => {
    const fran = person('d:first');
    db.update(schoolMembers)
      .set({ confirmedAt: new Date('2025-11-01T00:00:00Z') })
      .where(eq(schoolMembers.userId, 'd:first'))
      .run();
    expect((await call('GET', `/api/schools/${coram.id}/members`, { cookie: fran })).status).toBe(403);
    expect((await call('GET', '/api/me/schools', { cookie: fran })).body.schools[0]).toMatchObject({
      live: false,
      lapsesAt: '2026-11-01T00:00:00.000Z',
    });
    expect((await call('POST', `/api/schools/${coram.id}/confirm`, { cookie: fran })).status).toBe(202);
    expect(mail.at(-1)).toMatchObject({ to: 'fran@thomascoram.camden.sch.uk', subject: `Confirm you still work at ${coram.name}` });
    expect((await call('POST', '/api/school-links', { cookie: person('q:nobody'), body: { token: lastLink() } })).status).toBe(403);
    expect((await call('POST', '/api/school-links', { cookie: fran, body: { token: lastLink() } })).body).toMatchObject({
      kind: 'confirm',
      state: 'approved',
      role: 'admin',
    });
    expect(membershipOf(db, 'd:first', coram.id, NOW)).toMatchObject({ confirmedAt: NOW });
    expect((await call('POST', `/api/schools/${clsg.id}/confirm`, { cookie: fran })).status).toBe(404);
  });
});

describe("a member and their own school's contributions", () => {
  const review = reviewBody([5, 5, 5, 5, 5, 5], { pros: 'Wonderful place to work', cons: 'Nothing at all to say', wouldRecommend: true });
  const interview = interviewBody('Maths teacher', 'A lesson, a panel and a tour of the school');

  it('refuses a review, an interview and a mood for a school they manage (409), and allows them elsewhere', async () => {
    const fran = person('d:first');
    const message =
      "You manage this school's page, so you cannot write a review for it: contributions are anonymous, and one from the school's own staff could not be told apart. Leave the school's staff on your dashboard first if you no longer work there.";
    expect(await call('POST', `/api/schools/${coram.id}/reviews`, { cookie: fran, body: review })).toMatchObject({
      status: 409,
      body: { error: message },
    });
    expect((await call('POST', `/api/schools/${coram.id}/interviews`, { cookie: fran, body: interview })).body.error).toContain(
      'cannot write an interview',
    );
    expect((await call('POST', `/api/schools/${coram.id}/mood`, { cookie: fran, body: { mood: 'happy' } })).body.error).toContain(
      'cannot write a mood',
    );
    expect((await call('PUT', `/api/schools/${coram.id}/mood`, { cookie: fran, body: { mood: 'happy' } })).status).toBe(409);
    expect((await call('POST', `/api/schools/${clsg.id}/reviews`, { cookie: fran, body: review })).status).toBe(201);
    expect((await call('POST', `/api/schools/${coram.id}/reviews`, { cookie: person('q:nobody'), body: review })).status).toBe(201);
  });
});

describe('email limits', () => {
  const limited = createApp({ ...options });
  const send = caller(limited);

  it('refuse a third link to one address within the hour with 429 and Retry-After, for any requester', async () => {
    const email = 'target@thomascoram.camden.sch.uk';
    expect((await send('POST', `/api/schools/${coram.id}/claims`, { cookie: person('rl:a'), body: { email } })).status).toBe(202);
    expect((await send('POST', `/api/schools/${coram.id}/claims`, { cookie: person('rl:b'), body: { email } })).status).toBe(202);
    const third = await send('POST', `/api/schools/${coram.id}/claims`, { cookie: person('rl:c'), body: { email } });
    expect(third).toMatchObject({
      status: 429,
      body: { error: 'Several emails were sent to this address already. Please try again later.' },
    });
    expect(third.headers.get('retry-after')).toBe('3600');
  });

  it('refuse a sixth link asked by one user within the hour', async () => {
    const cookie = person('rl:user');
    for (let i = 0; i < 5; i++)
      expect((await send('POST', `/api/schools/${clsg.id}/claims`, { cookie, body: { email: `u${i}@clsg.org.uk` } })).status).toBe(202);
    const sixth = await send('POST', `/api/schools/${clsg.id}/claims`, { cookie, body: { email: 'u6@clsg.org.uk' } });
    expect(sixth).toMatchObject({ status: 429, body: { error: 'You have asked for several emails already. Please try again later.' } });
    expect(sixth.headers.get('retry-after')).toBe('3600');
  });

  it('refuse an eleventh link for one school within the hour, whoever asks', async () => {
    // Five accounts, each asking twice (a second link replaces the first, so 5 claims stay open: decision 2113).
    for (let i = 0; i < 10; i++) {
      const email = `s${i}@argyle.camden.sch.uk`;
      expect((await send('POST', `/api/schools/${argyle.id}/claims`, { cookie: person(`rl:s${i % 5}`), body: { email } })).status).toBe(
        202,
      );
    }
    const res = await send('POST', `/api/schools/${argyle.id}/claims`, {
      cookie: person('rl:s10'),
      body: { email: 's10@argyle.camden.sch.uk' },
    });
    expect(res).toMatchObject({ status: 429, body: { error: 'Many emails were sent for this school already. Please try again later.' } });
  });
});

describe('site admins and the audit log', () => {
  it("reads every school's log, or one school's, never the subject's user id; others get 403", async () => {
    expect((await call('GET', '/api/moderation/school-audit', { cookie: person('q:nobody') })).status).toBe(403);
    const all = await call('GET', '/api/moderation/school-audit?limit=200', { cookie: admin });
    expect(all.status).toBe(200);
    expect(new Set(all.body.map((e: { schoolId: number }) => e.schoolId))).toEqual(new Set([coram.id, clsg.id, argyle.id]));
    const one = await call('GET', `/api/moderation/school-audit?schoolId=${clsg.id}`, { cookie: admin });
    expect(one.body.every((e: { schoolId: number }) => e.schoolId === clsg.id)).toBe(true);
    expect(one.body.find((e: { action: string }) => e.action === 'domain.added')).toMatchObject({
      actor: 'Site',
      detail: { domain: 'exampletrust.org.uk' },
    });
    expect(all.body.some((e: { detail: Record<string, unknown> }) => 'userId' in e.detail)).toBe(false);
  });
});

describe('privacy', () => {
  it('the export lists memberships, claims and school actions (never a token hash); deletion removes them and unlinks the log', async () => {
    const fran = person('d:first');
    const res = await app.request('/api/me/export', { headers: { Cookie: fran } });
    const data = (await res.json()) as Record<string, any>;
    expect(data.schoolMemberships).toEqual([
      expect.objectContaining({ schoolId: coram.id, schoolName: coram.name, role: 'admin', email: 'fran@thomascoram.camden.sch.uk' }),
    ]);
    expect(data.schoolClaims.map((cl: { kind: string }) => cl.kind).sort()).toEqual(['claim', 'confirm']);
    expect(JSON.stringify(data)).not.toMatch(/token_?hash/i);
    expect(data.schoolActions.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(['claim.requested', 'claim.rejected', 'member.invited']),
    );
    expect(data.other).not.toHaveProperty('school_members');

    const del = await call('DELETE', '/api/me', { cookie: fran, body: { confirm: 'DELETE' } });
    expect(del.status).toBe(200);
    expect(del.body.removed).toMatchObject({ school_members: 1, school_claims: 2 });
    expect(db.select().from(schoolMembers).where(eq(schoolMembers.userId, 'd:first')).all()).toEqual([]);
    expect(db.select().from(schoolClaims).where(eq(schoolClaims.userId, 'd:first')).all()).toEqual([]);
    const log = db.select().from(schoolAudit).where(eq(schoolAudit.schoolId, coram.id)).all();
    expect(log.some((e) => e.actorUserId === 'd:first' || e.detail.userId === 'd:first')).toBe(false);
    expect(log.filter((e) => JSON.stringify(e).includes('fran@'))).toEqual([]);
    // What others did stays, with their addresses: Sol's approval is still in the log.
    expect(JSON.stringify(log)).toContain('sol@thomascoram.camden.sch.uk');
  });
});
