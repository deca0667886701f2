// The claims queue and the email limits after a security review (issue 41, decision 2113): the
// queue shows confirmed claims only, a page at a time, with the unopened ones counted; unopened
// claims expire and are cleared; open claims are capped per account and per school; the
// per-address limit counts the mailbox (`+tag` removed); strangers' claims never spend the
// school's own invitations; a council's, a hosting service's or several schools' domain does not
// vouch for a school.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schoolClaims, schoolMembers, schools } from '../../db/schema';
import { signIn } from '../../test/app';
import { testDb } from '../../test/db';
import { caller } from '../../test/requests';
import { createApp } from '../app';
import type { MailMessage } from '../alerts/sender/mailer';
import * as domains from './domains';

const NOW = new Date('2026-12-06T09:00:00Z');
const db = testDb({ now: NOW });
let clock = NOW;
const mail: MailMessage[] = [];
const mailer = {
  describe: 'test',
  send: async (m: MailMessage) => {
    mail.push(m);
    return `id-${mail.length}`;
  },
};
const options = { db, now: () => clock, adminEmails: ['admin@example.test'], mailer, siteOrigin: 'https://teachers.example' };
const call = caller(createApp({ ...options, rateLimit: false }));

const byUrn = (urn: number) => db.select().from(schools).where(eq(schools.urn, urn)).get()!;
const coram = byUrn(100005); // http://www.thomascoram.camden.sch.uk/: its own
const clsg = byUrn(100001); // http://www.clsg.org.uk: its own
const heath = byUrn(100006); // http://ccfl.camden.sch.uk, which Harmood School's register website also uses
const elfrida = byUrn(100681); // www.lewisham.gov.uk/
const ashmead = byUrn(100716); // www.ashmeadprimary.wordpress.com/
const sandhurst = byUrn(100703); // webfronter.com/lewisham/sandhurstprimary

const admin = signIn(db, { id: 'site:admin', email: 'admin@example.test', firstName: 'Site' });
const person = (id: string, firstName = 'Sam') =>
  signIn(db, { id, email: `${id.replace(/\W/g, '')}@example.test`, firstName, lastName: 'Lee' });
const lastLink = () => /\/school-link#([\w-]+)/.exec(mail.at(-1)!.text)![1];
const claim = (cookie: string, school: { id: number }, email: string, via = call) =>
  via('POST', `/api/schools/${school.id}/claims`, { cookie, body: { email } });

/** Schools whose register website's domain is theirs alone (no other school's website uses it). */
function ownDomainSchools(n: number, except: number[]) {
  const all = db.select({ id: schools.id, website: schools.website }).from(schools).all();
  const count = new Map<string, number>();
  for (const s of all) {
    const d = domains.websiteDomain(s.website);
    if (d) count.set(d, (count.get(d) ?? 0) + 1);
  }
  return all
    .map((s) => ({ id: s.id, domain: domains.websiteDomain(s.website) }))
    .filter((s): s is { id: number; domain: string } => !!s.domain && count.get(s.domain) === 1 && !/gov\.uk$/.test(s.domain))
    .filter((s) => !except.includes(s.id))
    .slice(0, n);
}

describe('a domain that does not vouch for one school (finding 4)', () => {
  it("refuses an address at a council's register website, and says why", async () => {
    const res = await claim(person('d:council'), elfrida, 'head@lewisham.gov.uk');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid input');
    expect(res.body.fields.email).toBe(
      `The register lists ${elfrida.name}'s website at lewisham.gov.uk, but lewisham.gov.uk is a council's or public body's domain, so an address there does not show that you work at ${elfrida.name}. Sign in with DfE Sign-in, or ask us to add your school's or trust's own domain.`,
    );
    const form = await call('GET', `/api/schools/${elfrida.id}/claim-domains`, { cookie: person('d:council') });
    expect(form).toMatchObject({
      status: 200,
      body: { domains: [], notOwn: { domain: 'lewisham.gov.uk', reason: 'council', message: expect.stringContaining("a council's") } },
    });
  });

  it('refuses an address at a site-hosting service (a subdomain or a path of it)', async () => {
    const cookie = person('d:host');
    for (const [school, email] of [
      [ashmead, 'head@ashmeadprimary.wordpress.com'],
      [ashmead, 'head@wordpress.com'],
      [sandhurst, 'office@webfronter.com'],
    ] as const) {
      const res = await claim(cookie, school, email);
      expect(res.status, email).toBe(400);
      expect(res.body.fields.email, email).toContain('is a website-hosting service that many organisations use');
    }
    expect((await call('GET', `/api/schools/${sandhurst.id}/claim-domains`, { cookie })).body.notOwn).toMatchObject({
      domain: 'webfronter.com',
      reason: 'host',
    });
    // Nor can a site admin trust a hosting service by hand.
    const add = await call('POST', `/api/moderation/schools/${ashmead.id}/domains`, { cookie: admin, body: { domain: 'wordpress.com' } });
    expect(add).toMatchObject({
      status: 400,
      body: { fields: { domain: "wordpress.com is shared by many people and cannot be a school's domain" } },
    });
  });

  it("refuses a domain several schools' websites share until a site admin trusts it for the school; the queue shows it shared", async () => {
    const cookie = person('d:shared');
    const res = await claim(cookie, heath, 'head@ccfl.camden.sch.uk');
    expect(res.status).toBe(400);
    expect(res.body.fields.email).toBe(
      `The register lists ${heath.name}'s website at ccfl.camden.sch.uk, but ccfl.camden.sch.uk is the website of 2 schools (a trust's or federation's), so an address there does not show that you work at ${heath.name}. Sign in with DfE Sign-in, or ask us to add your school's or trust's own domain.`,
    );
    expect((await call('GET', `/api/schools/${heath.id}/claim-domains`, { cookie })).body).toMatchObject({
      domains: [],
      notOwn: { domain: 'ccfl.camden.sch.uk', reason: 'shared' },
    });
    expect(
      (await call('POST', `/api/moderation/schools/${heath.id}/domains`, { cookie: admin, body: { domain: 'ccfl.camden.sch.uk' } })).status,
    ).toBe(201);
    expect((await claim(cookie, heath, 'head@ccfl.camden.sch.uk')).status).toBe(202);
    expect(db.select().from(schoolClaims).where(eq(schoolClaims.email, 'head@ccfl.camden.sch.uk')).get()).toMatchObject({
      domain: 'ccfl.camden.sch.uk',
      domainRule: 'admin-added',
    });
    expect((await call('GET', `/api/schools/${heath.id}/claim-domains`, { cookie })).body.domains).toEqual(['ccfl.camden.sch.uk']);
  });

  it("still lets a school's own domain claim, and its admin invite at a domain its trust's schools share", async () => {
    const own = await call('GET', `/api/schools/${coram.id}/claim-domains`, { cookie: person('d:own') });
    expect(own.body).toEqual({ domains: ['thomascoram.camden.sch.uk'], notOwn: null });
    expect((await claim(person('d:own'), coram, 'head@thomascoram.camden.sch.uk')).status).toBe(202);
    const harmood = byUrn(100092); // the other school at ccfl.camden.sch.uk
    db.insert(schoolMembers)
      .values({ userId: 'd:own', schoolId: harmood.id, role: 'admin', method: 'admin', verifiedAt: NOW, confirmedAt: NOW })
      .run();
    const invite = await call('POST', `/api/schools/${harmood.id}/invites`, {
      cookie: person('d:own'),
      body: { email: 'teacher@ccfl.camden.sch.uk', role: 'editor' },
    });
    expect(invite.status).toBe(202);
    expect((await claim(person('d:stranger'), harmood, 'x@ccfl.camden.sch.uk')).status).toBe(400);
  });
});

describe('the claims queue (finding 2)', () => {
  it('a 40-account claim flood leaves a confirmed claim on the first page of the queue', async () => {
    const flooded = ownDomainSchools(15, [coram.id, clsg.id]);
    const answers: number[] = [];
    for (let a = 0; a < 40; a++) {
      const cookie = person(`flood:${a}`);
      for (let j = 0; j < 5; j++) {
        const school = flooded[(a * 5 + j) % flooded.length];
        const res = await claim(cookie, school, `f${a}.${j}@${school.domain}`);
        answers.push(res.status);
        if (res.status !== 202) expect(res.body.error, JSON.stringify(res.body)).toMatch(/claims waiting already|Many people have asked/);
      }
    }
    const accepted = answers.filter((s) => s === 202).length;

    const real = person('flood:real', 'Rae');
    expect((await claim(real, clsg, 'rae@clsg.org.uk')).status).toBe(202);
    expect((await call('POST', '/api/school-links', { cookie: real, body: { token: lastLink() } })).status).toBe(200);

    const q = await call('GET', '/api/moderation/claims', { cookie: admin });
    expect(q.status).toBe(200);
    expect(q.body.claims.map((c: { email: string }) => c.email)).toContain('rae@clsg.org.uk');
    expect(q.body.claims.every((c: { state: string }) => c.state === 'pending')).toBe(true);
    expect(q.body.unopened).toBeGreaterThanOrEqual(accepted);
    expect(q.headers.get('x-total-count')).toBe(String(q.body.total));
    // 3 open claims per account at most, and no more than 10 a school; every refusal a 409 with words.
    expect(accepted).toBeLessThanOrEqual(120);
    expect(answers.every((s) => s === 202 || s === 409)).toBe(true);
  });

  it('caps open claims at 3 per account (a new link for the same school replaces the unopened one)', async () => {
    const cookie = person('cap:acct');
    const mine = ownDomainSchools(40, []).slice(-4);
    for (const s of mine.slice(0, 3)) expect((await claim(cookie, s, `me@${s.domain}`)).status).toBe(202);
    // Asking again for one of them replaces its link: still 3 open.
    expect((await claim(cookie, mine[0], `me@${mine[0].domain}`)).status).toBe(202);
    expect(db.select().from(schoolClaims).where(eq(schoolClaims.userId, 'cap:acct')).all()).toHaveLength(3);
    const fourth = await claim(cookie, mine[3], `me@${mine[3].domain}`);
    expect(fourth).toMatchObject({
      status: 409,
      body: {
        error: 'You have 3 claims waiting already. Wait until they are decided, or until the links you did not open expire (24 hours).',
      },
    });
  });

  it('caps open claims at 10 per school, whoever asks', async () => {
    const [school] = ownDomainSchools(60, []).slice(-1);
    for (let i = 0; i < 10; i++) expect((await claim(person(`cap:s${i}`), school, `s${i}@${school.domain}`)).status).toBe(202);
    const res = await claim(person('cap:s10'), school, `s10@${school.domain}`);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/^Many people have asked to manage .+ in the last day\. Ask an admin of the school to invite you/);
  });

  it('expires unopened claims after their link (not counted) and clears them at the next request', async () => {
    const [school] = ownDomainSchools(70, []).slice(-1);
    expect((await claim(person('exp:a'), school, `a@${school.domain}`)).status).toBe(202);
    const before = (await call('GET', '/api/moderation/claims', { cookie: admin })).body.unopened as number;
    clock = new Date(NOW.getTime() + 24 * 3_600_000);
    try {
      const after = await call('GET', '/api/moderation/claims', { cookie: admin });
      expect(after.body.unopened).toBeLessThan(before);
      expect(after.body.unopened).toBe(0);
      expect((await claim(person('exp:b'), school, `b@${school.domain}`)).status).toBe(202);
      expect(
        db
          .select()
          .from(schoolClaims)
          .where(eq(schoolClaims.email, `a@${school.domain}`))
          .all(),
      ).toEqual([]);
      expect(db.select().from(schoolClaims).where(eq(schoolClaims.state, 'pending-email')).all()).toHaveLength(1);
    } finally {
      clock = NOW;
    }
  });

  it("pages the site admins' queue and a school admin's one (Link, X-Total-Count), oldest first; a bad cursor is 400", async () => {
    const schoolAdmin = person('page:admin');
    const target = ownDomainSchools(80, []).at(-1)!;
    db.insert(schoolMembers)
      .values({ userId: 'page:admin', schoolId: target.id, role: 'admin', method: 'admin', verifiedAt: NOW, confirmedAt: NOW })
      .run();
    for (let i = 0; i < 3; i++) {
      clock = new Date(NOW.getTime() + i * 60_000);
      const cookie = person(`page:${i}`);
      expect((await claim(cookie, target, `p${i}@${target.domain}`)).status).toBe(202);
      expect((await call('POST', '/api/school-links', { cookie, body: { token: lastLink() } })).status).toBe(200);
    }
    clock = NOW;
    expect((await claim(person('page:unopened'), target, `u@${target.domain}`)).status).toBe(202);
    const first = await call('GET', `/api/schools/${target.id}/claims?limit=2`, { cookie: schoolAdmin });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 3, unopened: 1 });
    expect(first.body.claims.map((c: { email: string }) => c.email)).toEqual([`p0@${target.domain}`, `p1@${target.domain}`]);
    expect(first.headers.get('x-total-count')).toBe('3');
    const link = first.headers.get('link')!;
    expect(link).toMatch(/rel="next"/);
    const second = await call('GET', /<([^>]+)>/.exec(link)![1], { cookie: schoolAdmin });
    expect(second.body.claims.map((c: { email: string }) => c.email)).toEqual([`p2@${target.domain}`]);
    expect(second.body.next).toBeNull();
    const bad = await call('GET', `/api/moderation/claims?cursor=nonsense`, { cookie: admin });
    expect(bad).toMatchObject({ status: 400, body: { fields: { cursor: 'Invalid cursor' } } });
    expect((await call('GET', `/api/moderation/claims?limit=1000`, { cookie: admin })).status).toBe(400);
  });
});

describe('the email limits (finding 3)', () => {
  const limited = caller(createApp({ ...options }));

  it('counts a mailbox once whatever its +tag (and its dots where the provider ignores them)', async () => {
    const [school] = ownDomainSchools(90, []).slice(-1);
    expect((await claim(person('mb:a'), school, `head+1@${school.domain}`, limited)).status).toBe(202);
    expect((await claim(person('mb:b'), school, `head+2@${school.domain}`, limited)).status).toBe(202);
    const third = await claim(person('mb:c'), school, `head+3@${school.domain}`, limited);
    expect(third).toMatchObject({
      status: 429,
      body: { error: 'Several emails were sent to this address already. Please try again later.' },
    });
    expect(third.headers.get('retry-after')).toBe('3600');
    expect(domains.mailboxOf('Head+1@ThomasCoram.Camden.sch.uk')).toBe('head@thomascoram.camden.sch.uk');
    expect(domains.mailboxOf('j.smith+x@googlemail.com')).toBe('jsmith@gmail.com');
    expect(domains.mailboxOf('j.smith@school.org.uk')).toBe('j.smith@school.org.uk');
  });

  it("strangers' claims never spend the school's own invitations and re-confirmations", async () => {
    const [school] = ownDomainSchools(100, []).slice(-1);
    const head = person('mb:head');
    db.insert(schoolMembers)
      .values({
        userId: 'mb:head',
        schoolId: school.id,
        role: 'admin',
        method: 'email',
        email: `head@${school.domain}`,
        verifiedAt: NOW,
        confirmedAt: NOW,
      })
      .run();
    for (let i = 0; i < 10; i++) expect((await claim(person(`mb:s${i}`), school, `s${i}@${school.domain}`, limited)).status).toBe(202);
    for (let i = 0; i < 3; i++) {
      const res = await limited('POST', `/api/schools/${school.id}/invites`, {
        cookie: head,
        body: { email: `colleague${i}@${school.domain}`, role: 'editor' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
    }
    expect((await limited('POST', `/api/schools/${school.id}/confirm`, { cookie: head })).status).toBe(202);
  });
});
