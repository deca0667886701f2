// A school's staff hear of what is decided about them (issue 37 item 13, decision 2115): a claim
// approved (with the role) or rejected (with the reason), an invitation to an address an account
// signs in with, a role changed, a membership removed. Each is a notification in the app, written
// with the action, and (but for the invitation, whose link is its own email) an email to the work
// address; nobody hears of her own action.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schoolClaims, schoolMembers, schools } from '../../db/schema';
import { signIn } from '../../test/app';
import { testDb } from '../../test/db';
import { caller } from '../../test/requests';
import { createApp } from '../app';
import type { MailMessage } from '../alerts/sender/mailer';

const NOW = new Date('2026-12-06T10:00:00Z');
const db = testDb({ now: NOW });
const mail: MailMessage[] = [];
const mailer = {
  describe: 'test',
  send: async (m: MailMessage) => {
    mail.push(m);
    return `id-${mail.length}`;
  },
};
const app = createApp({
  db,
  now: () => NOW,
  adminEmails: ['admin@example.test'],
  mailer,
  siteOrigin: 'https://teachers.example',
  rateLimit: false,
});
const call = caller(app);

const coram = db.select().from(schools).where(eq(schools.urn, 100005)).get()!; // thomascoram.camden.sch.uk
const admin = signIn(db, { id: 'site:admin', email: 'admin@example.test', firstName: 'Site' });
const person = (id: string, firstName: string, email = `${id}@example.test`) => signIn(db, { id, email, firstName, lastName: 'Lee' });

type Notice = { kind: string; subjectType: string; school: { id: number; name: string } | null; reason: string | null; link: string };
const noticesOf = async (cookie: string) => (await call('GET', '/api/notifications', { cookie })).body.notifications as Notice[];

/** `cookie` claims Thomas Coram with `email` and opens the link: the confirmed claim's id. */
async function confirmedClaim(cookie: string, email: string) {
  expect((await call('POST', `/api/schools/${coram.id}/claims`, { cookie, body: { email } })).status).toBe(202);
  const token = /\/school-link#([\w-]+)/.exec(mail.at(-1)!.text)![1];
  expect((await call('POST', '/api/school-links', { cookie, body: { token } })).status).toBe(200);
  return db.select().from(schoolClaims).where(eq(schoolClaims.email, email)).get()!.id;
}

const memberId = (userId: string) =>
  db
    .select()
    .from(schoolMembers)
    .where(eq(schoolMembers.userId, userId))
    .all()
    .find((m) => m.schoolId === coram.id)!.id;

describe('claims decided', () => {
  it('approval: a notification leading to the school dashboard and an email naming the role, to the work address', async () => {
    const head = person('notice:head', 'Hana');
    const claimId = await confirmedClaim(head, 'hana@thomascoram.camden.sch.uk');
    expect(await noticesOf(head)).toEqual([]);
    const sent = mail.length;
    const res = await call('POST', `/api/moderation/claims/${claimId}/approve`, { cookie: admin, body: { role: 'admin' } });
    expect(res.status).toBe(200);
    expect(await noticesOf(head)).toMatchObject([
      {
        kind: 'claim_approved',
        subjectType: 'school_claim',
        school: { id: coram.id, name: coram.name },
        reason: null,
        link: '/school-admin',
      },
    ]);
    expect(mail.length).toBe(sent + 1);
    expect(mail.at(-1)).toMatchObject({
      to: 'hana@thomascoram.camden.sch.uk',
      subject: `You can now manage ${coram.name} on Teachers In London Talk`,
    });
    expect(mail.at(-1)!.text).toContain('was approved: you are an admin of the school.');
    expect(mail.at(-1)!.text).toContain('https://teachers.example/school-admin');
    // The moderator who decided hears nothing.
    expect(await noticesOf(admin)).toEqual([]);
  });

  it("rejection: a notification and an email with the moderator's reason", async () => {
    const sam = person('notice:sam', 'Sam');
    const claimId = await confirmedClaim(sam, 'sam@thomascoram.camden.sch.uk');
    const reason = 'The school told us on the phone that nobody of this name works there.';
    expect((await call('POST', `/api/moderation/claims/${claimId}/reject`, { cookie: admin, body: { reason } })).status).toBe(200);
    expect(await noticesOf(sam)).toMatchObject([{ kind: 'claim_rejected', reason, link: `/schools/${coram.id}` }]);
    expect(mail.at(-1)).toMatchObject({
      to: 'sam@thomascoram.camden.sch.uk',
      subject: `Your request to manage ${coram.name} was not approved`,
    });
    expect(mail.at(-1)!.text).toContain(`The reason given: ${reason}`);
  });
});

describe('members', () => {
  it('an invitation to the address an account signs in with is told in the app; the invite email names the role', async () => {
    const hana = person('notice:head', 'Hana');
    const ines = person('notice:ines', 'Ines', 'ines@thomascoram.camden.sch.uk');
    const res = await call('POST', `/api/schools/${coram.id}/invites`, {
      cookie: hana,
      body: { email: 'INES@thomascoram.camden.sch.uk', role: 'editor' },
    });
    expect(res.status).toBe(202);
    expect(mail.at(-1)!.text).toContain("help manage the school's page on Teachers In London Talk, as an editor.");
    expect(await noticesOf(ines)).toMatchObject([{ kind: 'member_invited', subjectType: 'school_claim', link: '/school-admin' }]);
    const token = /\/school-link#([\w-]+)/.exec(mail.at(-1)!.text)![1];
    expect((await call('POST', '/api/school-links', { cookie: ines, body: { token } })).status).toBe(200);
  });

  it('a role change is told once per change (the same role again tells nothing), in the app and by email', async () => {
    const hana = person('notice:head', 'Hana');
    const ines = person('notice:ines', 'Ines', 'ines@thomascoram.camden.sch.uk');
    const patch = (role: string) =>
      call('PATCH', `/api/schools/${coram.id}/members/${memberId('notice:ines')}`, { cookie: hana, body: { role } });
    expect((await patch('admin')).status).toBe(200);
    expect(mail.at(-1)).toMatchObject({
      to: 'ines@thomascoram.camden.sch.uk',
      subject: `Your role at ${coram.name} on Teachers In London Talk changed`,
    });
    expect(mail.at(-1)!.text).toContain(`An admin of ${coram.name} made you an admin of the school`);
    const sent = mail.length;
    expect((await patch('admin')).status).toBe(200);
    expect(mail.length).toBe(sent);
    expect((await patch('editor')).status).toBe(200);
    expect((await noticesOf(ines)).map((n) => n.kind)).toEqual(['member_made_editor', 'member_made_admin', 'member_invited']);
    expect(mail.at(-1)!.text).toContain('made you an editor of the school');
  });

  it('removal is told in the app and by email; leaving tells nobody', async () => {
    const hana = person('notice:head', 'Hana');
    const ines = person('notice:ines', 'Ines', 'ines@thomascoram.camden.sch.uk');
    expect((await call('DELETE', `/api/schools/${coram.id}/members/${memberId('notice:ines')}`, { cookie: hana })).status).toBe(204);
    const [latest] = await noticesOf(ines);
    expect(latest).toMatchObject({
      kind: 'member_removed',
      subjectType: 'school_audit',
      school: { name: coram.name },
      link: `/schools/${coram.id}`,
    });
    expect(mail.at(-1)).toMatchObject({
      to: 'ines@thomascoram.camden.sch.uk',
      subject: `You no longer manage ${coram.name} on Teachers In London Talk`,
    });
    const sent = mail.length;
    const before = (await noticesOf(hana)).length;
    expect((await call('POST', `/api/schools/${coram.id}/leave`, { cookie: hana })).status).toBe(204);
    expect(mail.length).toBe(sent);
    expect((await noticesOf(hana)).length).toBe(before);
  });
});
