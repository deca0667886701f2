// A school claim end to end at 390x844 (decisions 2101-2103): on the real server with a real SMTP
// server on 127.0.0.1, a teacher claims a school with her work address (free mail refused first),
// the link arrives by SMTP and opens the claim, a site admin approves it in /moderation (with the
// register's phone number), and the school is on her school dashboard. And (decision 2113) the
// claim form says why a council's domain does not vouch for a school, and the queue counts the
// claims whose link is not opened yet instead of listing them.
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSmtp, readMessage } from '../api/alerts/sender/test-mail';
import { launchBrowser, PHONE, screenshot } from './harness';
import { attemptTag, realSignIn, seriousViolations, setup, teardown, type Env } from './screens.helpers';

let env: Env;
let smtp: Awaited<ReturnType<typeof localSmtp>>;
let page: Page;
const ADMIN = 'admin.claims@example.test';

beforeAll(async () => {
  smtp = await localSmtp();
  env = await setup({ SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN, MAIL_FROM: 'Teachers In London Talk <hello@teachers.example>' });
  page = await env.browser.newPage();
  await page.setViewportSize(PHONE);
}, 120_000);
afterAll(async () => {
  await teardown(env);
  await smtp?.close();
});

describe('claiming a school', () => {
  it('work email → link by SMTP → pending → approved by a site admin → on the school dashboard', async () => {
    const [school] = await env.api<{ id: number; name: string; phoneNumber: string }[]>('/api/schools?search=Thomas%20Coram%20Centre');
    expect(school.name).toBe('Thomas Coram Centre');
    // A claimant and addresses of this attempt's own, and only the mail sent from here on: a failed
    // first attempt's claim may be pending or approved, and its mail is in the local SMTP's list.
    const tag = attemptTag();
    const WORK = `jo.claimant.${tag}@thomascoram.camden.sch.uk`;
    const mailBefore = smtp.received.length;
    const mail = () => smtp.received.slice(mailBefore);
    // Nobody manages the school yet, as in the seed: an approved first attempt made its claimant the
    // school's admin, and a second claimant would then be approved as an editor.
    const db = new Database(env.server.databasePath);
    try {
      db.prepare('delete from school_members where school_id = ?').run(school.id);
    } finally {
      db.close();
    }
    await realSignIn(page, env, `jo.personal.${tag}@example.test`, 'Jo Claimant', `/schools/${school.id}`);

    await page.getByTestId('manage-page').click();
    await page.waitForURL((u) => u.pathname === `/schools/${school.id}/claim`);
    const email = page.getByLabel('Work email address');
    await email.fill('jo@gmail.com');
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().innerText())
      .toBe('gmail.com is a personal email provider. Use the address your school gave you.');
    await screenshot(page, 'school-claim-phone');
    expect(await seriousViolations(page)).toEqual([]);
    expect(mail()).toEqual([]);

    await email.fill(WORK);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect.poll(() => page.getByTestId('claim-sent').isVisible()).toBe(true);
    expect(await page.getByTestId('claim-sent').innerText()).toContain(WORK);

    await expect.poll(() => mail().length, { timeout: 20_000 }).toBe(1);
    expect(mail()[0].to).toEqual([WORK]);
    const message = readMessage(mail()[0].raw);
    expect(message.headers.subject).toBe('Confirm your address to manage Thomas Coram Centre on Teachers In London Talk');
    const link = /https?:\/\/[^\s"<]+\/school-link#[\w-]+/.exec(message.text)?.[0];
    expect(link).toBeTruthy();
    await page.goto(env.server.url + new URL(link!).pathname + new URL(link!).hash);
    await expect.poll(() => page.getByTestId('school-link-state').innerText()).toContain('Email confirmed.');

    // A site admin, in a browser of her own, approves it from the Claims queue.
    const adminBrowser = await launchBrowser();
    try {
      const admin = await adminBrowser.newPage();
      await admin.setViewportSize(PHONE);
      await realSignIn(admin, env, ADMIN, 'Ada Admin', '/moderation?queue=claims');
      const claim = admin.getByTestId('claim').filter({ hasText: 'Thomas Coram Centre' }).filter({ hasText: WORK });
      await expect.poll(() => claim.isVisible()).toBe(true);
      const text = await claim.innerText();
      expect(text).toContain(WORK);
      expect(text).toContain("the register website's domain thomascoram.camden.sch.uk");
      expect(text).toContain(school.phoneNumber);
      await claim.getByRole('button', { name: 'Approve' }).click();
      await expect.poll(() => claim.count()).toBe(0);
    } finally {
      await adminBrowser.close();
    }

    await page.goto(env.server.url + '/school-admin');
    const card = page.getByTestId('my-school');
    await expect.poll(() => card.first().innerText()).toContain('Thomas Coram Centre');
    const month = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'Europe/London' }).format(new Date());
    expect(await card.first().innerText()).toContain(`Verified ${month} with ${WORK}`);
    expect(await card.first().innerText()).toContain('Admin');
    await expect.poll(() => page.getByTestId('members').innerText()).toContain('Jo Claimant (you)');
    await screenshot(page, 'school-dashboard-phone');
    expect(await seriousViolations(page)).toEqual([]);

    // The school page now says she manages it, and her review of it is refused.
    await page.goto(`${env.server.url}/schools/${school.id}`);
    await expect.poll(() => page.getByTestId('manage-page').innerText()).toBe('You manage this page: school dashboard');
  }, 180_000);

  it("says on the claim form why a council's domain does not count, and counts unopened claims in the queue", async () => {
    const [elfrida] = await env.api<{ id: number; name: string }[]>('/api/schools?search=Elfrida%20Primary%20School');
    expect(elfrida.name).toBe('Elfrida Primary School');
    const tag = attemptTag();
    const browser = await launchBrowser();
    try {
      const kim = await browser.newPage();
      await kim.setViewportSize(PHONE);
      await realSignIn(kim, env, `kim.${tag}@example.test`, 'Kim Claimant', `/schools/${elfrida.id}/claim`);
      const note = kim.getByTestId('claim-not-own-domain');
      await expect.poll(() => note.innerText(), { timeout: 20_000 }).toContain("lewisham.gov.uk is a council's or public body's domain");
      expect(await note.innerText()).toContain('Sign in with DfE Sign-in');
      await kim.getByLabel('Work email address').fill(`kim.${tag}@lewisham.gov.uk`);
      await kim.getByRole('button', { name: 'Send me a link' }).click();
      await expect.poll(() => kim.locator('#claim-email-error').innerText()).toContain("a council's or public body's domain");
      expect(await seriousViolations(kim)).toEqual([]);

      // A claim whose link is never opened: counted in the queue, not listed.
      const [coram] = await env.api<{ id: number }[]>('/api/schools?search=Thomas%20Coram%20Centre');
      await kim.goto(`${env.server.url}/schools/${coram.id}/claim`);
      await kim.getByLabel('Work email address').fill(`kim.${tag}@thomascoram.camden.sch.uk`);
      await kim.getByRole('button', { name: 'Send me a link' }).click();
      await expect.poll(() => kim.getByTestId('claim-sent').isVisible()).toBe(true);
    } finally {
      await browser.close();
    }
    const adminBrowser = await launchBrowser();
    try {
      const admin = await adminBrowser.newPage();
      await admin.setViewportSize(PHONE);
      await realSignIn(admin, env, ADMIN, 'Ada Admin', '/moderation?queue=claims');
      await expect
        .poll(() => admin.getByTestId('claims-unopened').innerText(), { timeout: 20_000 })
        .toMatch(/^\d+ more claims? waits? for the email link to be opened/);
      expect(
        await admin
          .getByTestId('claim')
          .filter({ hasText: `kim.${tag}@` })
          .count(),
      ).toBe(0);
    } finally {
      await adminBrowser.close();
    }
  }, 180_000);
});
