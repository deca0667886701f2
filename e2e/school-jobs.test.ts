// A school's own vacancy on a phone (390x844; decision 2104), on the real server, signed in for real
// through the local provider: a verified member finds "Post a job" on her dashboard; bad input
// gets the API's messages beside the fields (focus on the first) and writes nothing; the job she
// posts is on /jobs "Posted by the school", its page carries the JobPosting markup, and the
// school's list shows it with its counts; editing keeps the id; closing early (after a
// confirmation) makes its page say it is closed; a member of another school is refused; a job
// written offline waits in the outbox and arrives exactly once.
import Database from 'better-sqlite3';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonInstant, londonToday } from '../core/london-time';
import { DESKTOP, launchBrowser, PHONE, screenshot, signInLocally, startServer, type RunningServer, waitForServiceWorker } from './harness';
import { attemptTag, seriousViolations } from './screens.helpers';

const STAFF_A = 'head.jobs@westminster-city.example';
const STAFF_B = 'head.jobs@other-school.example';
let server: RunningServer;
const browsers: BrowserContext[] = [];
let schoolA: { id: number; name: string; website: string | null; postcode: string | null; address: string | null; urn: number };
let schoolB: { id: number; name: string };
let staff: Page;
let jobId: number;

function sql<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(server.databasePath);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** Makes the signed-in user a verified member of the school, as an approved claim would. */
const makeMember = (email: string, schoolId: number) =>
  sql((db) => {
    const user = db.prepare('select id from users where email = ?').get(email) as { id: string };
    db.prepare(
      "insert into school_members (user_id, school_id, role, method, email, verified_at, confirmed_at) values (?, ?, 'admin', 'admin', ?, ?, ?)",
    ).run(user.id, schoolId, email, Date.now(), Date.now());
  });

/** The school's own jobs as its staff's session reads them (the rows there are). */
const ownJobs = (page: Page, schoolId: number) =>
  page.evaluate(
    async (id) => (await fetch(`/api/schools/${id}/jobs`)).json() as Promise<{ id: number; title: string; state: string }[]>,
    schoolId,
  );

async function phone() {
  const browser = await launchBrowser({ serviceWorkers: 'allow' });
  browsers.push(browser);
  const page = await browser.newPage();
  await page.setViewportSize(PHONE);
  return page;
}

/** A day n days from today in London (yyyy-mm-dd). */
const inDays = (n: number) => londonToday(new Date(Date.now() + n * 86_400_000));
const CLOSING = inDays(20);

beforeAll(async () => {
  server = await startServer();
  const found = async (search: string) =>
    ((await (await fetch(`${server.url}/api/schools?search=${encodeURIComponent(search)}`)).json()) as { id: number }[])[0].id;
  const idA = await found('Westminster City School');
  schoolA = await (await fetch(`${server.url}/api/schools/${idA}`)).json();
  schoolB = await (await fetch(`${server.url}/api/schools/${await found('Thomas Coram Centre')}`)).json();
  staff = await phone();
  await signInLocally(staff, server.url, { email: STAFF_A, name: 'Hana Head' });
  makeMember(STAFF_A, schoolA.id);
}, 120_000);
afterAll(async () => {
  for (const b of browsers) await b.close();
  await server?.stop();
});

const error = (page: Page, field: string) => page.getByTestId(`error-${field}`);

describe("a school's own vacancies", () => {
  it('bad input shows the messages beside the fields, focus on the first, and writes nothing', async () => {
    await staff.goto(`${server.url}/dashboard`);
    await staff.getByRole('link', { name: 'Post a job' }).click();
    await staff.waitForURL((u) => u.pathname === `/manage/schools/${schoolA.id}/jobs/new`);
    await staff.getByRole('heading', { level: 1, name: `Post a job at ${schoolA.name}` }).waitFor();

    await staff.getByLabel('Job title').fill('Hi');
    await staff.getByRole('button', { name: 'Publish the job' }).click();
    await error(staff, 'title').waitFor();
    expect(await error(staff, 'title').innerText()).toBe('Job title must be at least 4 characters');
    await expect.poll(() => staff.evaluate(() => document.activeElement?.id)).toBe('title');

    // Everything a published job needs, each with the API's own words.
    await staff.getByLabel('Job title').fill('Teacher of Mathematics');
    await staff.getByRole('button', { name: 'Publish the job' }).click();
    const expected: Record<string, string> = {
      roleType: 'Choose the role',
      description: 'Description is required',
      educationLevel: 'Education level is required',
      keyStages: 'Choose at least one key stage',
      contract: 'Contract is required',
      workingPatterns: 'Choose full time, part time or both',
      salaryMin: 'Give a salary range or pick pay scale points',
      startDate: 'Start date is required',
      closingDate: 'Closing date is required',
      closingTime: 'Closing time must be 08:00, 09:00, 12:00, 15:00 or 23:59',
      ectSuitable: 'Choose yes or no',
      visaSponsorship: 'Choose yes or no',
      howToApply: 'Choose how candidates apply',
    };
    await error(staff, 'description').waitFor();
    for (const [field, message] of Object.entries(expected)) expect(await error(staff, field).innerText(), field).toBe(message);
    await expect.poll(() => staff.evaluate(() => document.activeElement?.id)).toBe('roleType');
    await screenshot(staff, 'school-job-form-errors-phone');

    // A rule only the server knows (pay scale points out of order) comes back beside its field.
    await staff
      .getByLabel('Description', { exact: true })
      .fill('Teach **maths** across KS3 and KS4.\n\n- Small classes\n- [Our school](https://school.example/about)');
    await staff.getByLabel('Role', { exact: true }).selectOption('Teacher');
    await staff.getByLabel('Education level').selectOption('Secondary');
    await staff.getByTestId('group-keyStages').getByLabel('Secondary').check();
    await staff.getByTestId('group-contract').getByLabel('Permanent').check();
    await staff.getByTestId('group-workingPatterns').getByLabel('Full time').check();
    await staff.getByLabel('Pay scale points').check();
    await staff.getByLabel('Pay region').selectOption('Inner London');
    await staff.getByLabel('Pay range').selectOption('Main Pay Range');
    await staff.getByLabel('First point').selectOption({ index: 6 });
    await staff.getByLabel('Last point').selectOption({ index: 1 });
    await staff.getByLabel('Start date').fill(inDays(60));
    await staff.getByLabel('Closing date').fill(CLOSING);
    await staff.getByLabel('Closing time').selectOption('12:00');
    await staff.getByTestId('group-ectSuitable').getByLabel('Yes').check();
    await staff.getByTestId('group-visaSponsorship').getByLabel('No').check();
    await staff.getByTestId('group-howToApply').getByLabel('On our website').check();
    await staff.getByLabel('Application page').fill('https://school.example/apply');
    await staff.getByRole('button', { name: 'Publish the job' }).click();
    await expect.poll(() => error(staff, 'payScale').innerText()).toBe('The last point must not be below the first');
    await expect.poll(() => staff.evaluate(() => document.activeElement?.id)).toBe('payScale');

    expect(await ownJobs(staff, schoolA.id)).toEqual([]);
    expect(sql((db) => db.prepare('select count(*) n from jobs where school_id = ? and posted_by_school = 1').get(schoolA.id))).toEqual({
      n: 0,
    });
  }, 120_000);

  it('the member posts it: on /jobs "Posted by the school", its page with its JobPosting, and in the school\'s list with counts', async () => {
    // The Markdown preview is the server's one renderer.
    await staff.getByRole('button', { name: 'Preview' }).first().click();
    const preview = staff.getByTestId('preview-description');
    await expect.poll(() => preview.innerHTML()).toContain('<strong>maths</strong>');
    expect(await preview.innerHTML()).toContain('<a href="https://school.example/about" rel="nofollow ugc noopener">Our school</a>');
    await staff.getByRole('button', { name: 'Write' }).first().click();
    await staff.getByLabel('What we offer', { exact: true }).fill('A *free* gym and a cycle scheme.');

    await staff.getByLabel('A range in pounds').check();
    await staff.getByLabel('Minimum (£ a year)').fill('38000');
    await staff.getByLabel('Maximum (£ a year)').fill('52000');
    await staff.getByTestId('group-contract').getByLabel('Fixed term').check();
    await staff.getByLabel('Length of the fixed term (months)').fill('12');
    await screenshot(staff, 'school-job-form-phone');
    expect(await seriousViolations(staff)).toEqual([]);
    await staff.getByRole('button', { name: 'Publish the job' }).click();
    await staff.waitForURL((u) => u.pathname === `/manage/schools/${schoolA.id}/jobs`);
    await staff.getByText('It is on the Jobs board now.').first().waitFor();

    const live = staff.getByTestId('jobs-live').getByTestId('school-job');
    await expect.poll(() => live.count()).toBe(1);
    jobId = Number(await live.getAttribute('data-job-id'));
    expect(jobId).toBeGreaterThan(0);
    expect(await live.innerText()).toContain('Teacher of Mathematics');
    const rows = await ownJobs(staff, schoolA.id);
    expect(rows.map((r) => [r.id, r.title, r.state])).toEqual([[jobId, 'Teacher of Mathematics', 'live']]);

    // A visitor: the Jobs list, then the job page (which counts a view).
    const visitor = await phone();
    await visitor.goto(`${server.url}/jobs?search=${encodeURIComponent('Teacher of Mathematics')}`);
    const card = visitor.locator('article').filter({ hasText: 'Teacher of Mathematics' }).filter({ hasText: schoolA.name });
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.innerText()).toContain('Posted by the school');

    await visitor.goto(`${server.url}/jobs/${jobId}`);
    await visitor.getByRole('heading', { level: 1, name: 'Teacher of Mathematics' }).waitFor();
    expect(await visitor.locator('main').innerText()).toContain('Posted by the school');
    const ld = (await visitor.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
    const posting = ld.find((x) => x['@type'] === 'JobPosting');
    expect(posting).toBeTruthy();
    expect(posting.title).toBe('Teacher of Mathematics');
    expect(posting.description).toContain('<strong>maths</strong>');
    expect(posting.description).toContain('<em>free</em>');
    expect(new Date(posting.datePosted).getTime()).toBeLessThanOrEqual(Date.now());
    // In London's own offset, as the school set it (decision 0308): the same instant.
    expect(posting.validThrough).toMatch(/^\d{4}-\d{2}-\d{2}T12:00:00[+-]\d{2}:\d{2}$/);
    expect(new Date(posting.validThrough).getTime()).toBe(londonInstant(CLOSING, '12:00').getTime());
    expect(posting.employmentType).toEqual(['FULL_TIME', 'TEMPORARY']);
    expect(posting.hiringOrganization).toEqual({
      '@type': 'Organization',
      name: schoolA.name,
      ...(schoolA.website ? { sameAs: schoolA.website } : {}),
      identifier: { '@type': 'PropertyValue', propertyID: 'URN', value: String(schoolA.urn) },
    });
    expect(posting.jobLocation.address).toMatchObject({
      '@type': 'PostalAddress',
      addressRegion: 'London',
      addressCountry: 'GB',
      postalCode: schoolA.postcode,
    });
    expect(posting.jobLocation.address.streetAddress).toBeTruthy();
    expect(posting.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'GBP',
      value: { '@type': 'QuantitativeValue', minValue: 38000, maxValue: 52000, unitText: 'YEAR' },
    });
    expect(posting.directApply).toBe(false);
    await screenshot(visitor, 'school-job-page-phone');
    await visitor.setViewportSize(DESKTOP);
    await screenshot(visitor, 'school-job-page-desktop');

    // The school's list counts that view (counts only, never who).
    await staff.reload();
    const counted = staff.getByTestId('jobs-live').getByTestId('school-job');
    await expect
      .poll(async () => (await staff.reload(), await counted.getByTestId('count-views').innerText()), { timeout: 15_000 })
      .toBe('1');
    expect(await counted.getByTestId('count-saves').innerText()).toBe('0');
    expect(await counted.getByTestId('count-apply-clicks').innerText()).toBe('0');
    await screenshot(staff, 'school-jobs-list-phone');
    expect(await seriousViolations(staff)).toEqual([]);
  }, 120_000);

  it('editing keeps the id', async () => {
    await staff.getByTestId('jobs-live').getByRole('link', { name: 'Edit' }).click();
    await staff.waitForURL((u) => u.pathname === `/manage/schools/${schoolA.id}/jobs/${jobId}/edit`);
    const title = staff.getByLabel('Job title');
    await expect.poll(() => title.inputValue()).toBe('Teacher of Mathematics');
    expect(await staff.getByLabel('Minimum (£ a year)').inputValue()).toBe('38000');
    expect(await staff.getByLabel('Closing date').inputValue()).toBe(CLOSING);
    expect(await staff.getByLabel('Closing time').inputValue()).toBe('12:00');
    await title.fill('Teacher of Mathematics and Statistics');
    await staff.getByRole('button', { name: 'Save changes' }).click();
    await staff.waitForURL((u) => u.pathname === `/manage/schools/${schoolA.id}/jobs`);
    const rows = await ownJobs(staff, schoolA.id);
    expect(rows.map((r) => [r.id, r.title])).toEqual([[jobId, 'Teacher of Mathematics and Statistics']]);
    const job = await (await fetch(`${server.url}/api/jobs/${jobId}`)).json();
    expect(job.title).toBe('Teacher of Mathematics and Statistics');
  }, 60_000);

  it('a member of another school is refused', async () => {
    const other = await phone();
    await signInLocally(other, server.url, { email: STAFF_B, name: 'Bo Other' });
    makeMember(STAFF_B, schoolB.id);
    await other.goto(`${server.url}/manage/schools/${schoolA.id}/jobs/${jobId}/edit`);
    await other.getByText("Only the school's verified staff can do this").waitFor();
    expect(await other.getByTestId('job-form').count()).toBe(0);
    const answer = await other.evaluate(async (id) => {
      const res = await fetch(`/api/jobs/${id}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ publish: 'draft', title: 'Taken over' }),
      });
      return { status: res.status, body: await res.json() };
    }, jobId);
    expect(answer).toEqual({ status: 403, body: { error: 'Only verified staff of this school can do this' } });
    const list = await other.evaluate(async (id) => (await fetch(`/api/schools/${id}/jobs`)).status, schoolA.id);
    expect(list).toBe(403);
    expect(((await (await fetch(`${server.url}/api/jobs/${jobId}`)).json()) as { title: string }).title).toBe(
      'Teacher of Mathematics and Statistics',
    );
  }, 60_000);

  it('closing early asks first; then the job page says it is closed and has no JobPosting', async () => {
    await staff.getByTestId('jobs-live').getByRole('button', { name: 'Close early' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Close this job early?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Keep it open' }).click();
    expect((await ownJobs(staff, schoolA.id))[0].state).toBe('live');
    await staff.getByTestId('jobs-live').getByRole('button', { name: 'Close early' }).click();
    await dialog.getByRole('button', { name: 'Close the job' }).click();
    await expect.poll(() => staff.getByTestId('jobs-closed').getByTestId('school-job').count()).toBe(1);
    expect((await ownJobs(staff, schoolA.id)).map((r) => [r.id, r.state])).toEqual([[jobId, 'closed']]);

    const reader = await phone();
    await reader.goto(`${server.url}/jobs/${jobId}`);
    await reader.getByText('This job is closed.').waitFor();
    const ld = (await reader.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
    expect(ld.filter((x) => x['@type'] === 'JobPosting')).toEqual([]);
  }, 60_000);

  it('a job written offline waits in the outbox and arrives exactly once', async () => {
    // The draft's title is this attempt's own: a failed first attempt's draft may be on the server
    // already, or still arrive from the outbox.
    const title = `Teaching Assistant (draft ${attemptTag()})`;
    await staff.goto(`${server.url}/manage/schools/${schoolA.id}/jobs/new`);
    await staff.getByLabel('Job title').fill(title);
    await waitForServiceWorker(staff);
    await staff.context().setOffline(true);
    try {
      await staff.getByRole('button', { name: 'Save as draft' }).click();
      await staff.getByText("Saved — will be sent when you're back online").first().waitFor();
      // The school's list says it is waiting on this device.
      await staff.waitForURL((u) => u.pathname === `/manage/schools/${schoolA.id}/jobs`);
      await expect.poll(() => staff.getByTestId('jobs-waiting').innerText()).toContain(title);
      expect(sql((db) => db.prepare('select count(*) n from jobs where title = ?').get(title))).toEqual({ n: 0 });
    } finally {
      await staff.context().setOffline(false);
    }
    await expect
      .poll(() => sql((db) => (db.prepare('select count(*) n from jobs where title = ?').get(title) as { n: number }).n), {
        timeout: 30_000,
      })
      .toBe(1);
    // The row is on the server before the answer is back on the phone: leave once the outbox has
    // had it (nothing waiting on screen), or the reload below replays a send still in flight.
    await expect.poll(() => staff.getByTestId('jobs-waiting').count(), { timeout: 20_000 }).toBe(0);
    // Replays after that (a reload, coming back again) send nothing twice.
    await staff.goto(`${server.url}/manage/schools/${schoolA.id}/jobs`);
    await expect.poll(() => staff.getByTestId('jobs-draft').getByTestId('school-job').filter({ hasText: title }).count()).toBe(1);
    expect(await staff.getByTestId('jobs-waiting').count()).toBe(0);
    expect(sql((db) => db.prepare('select count(*) n from jobs where title = ?').get(title))).toEqual({ n: 1 });
    await staff.setViewportSize(DESKTOP);
    await screenshot(staff, 'school-jobs-list-desktop');
    await staff.goto(`${server.url}/manage/schools/${schoolA.id}/jobs/new`);
    await screenshot(staff, 'school-job-form-desktop');
  }, 90_000);
});
