// The everyday job paths at 390x844 (issue 37, items 1-5): a job card opens the product's own job
// page; that page shows what teachers say of the school beside the advert and the feed's terms; the
// closing time a school set is shown with the date (card, page, JobPosting); a visitor's save is
// finished after she signs in (once, with a toast); and the jobs' search answers for schools too.
// Each check named "(old main: …)" is one that failed before these changes.
import { beforeEach, describe, expect, it } from 'vitest';
import { londonInstant, londonParts } from '../core/london-time';
import { closingLabel } from '../web/components/closing';
import { DESKTOP, PHONE, screenshot, waitForHydration } from './harness';
import { databaseOf, phonePage, screenTestEnv, toastText, toastTitle, type JobRow, type SchoolRow } from './screens.helpers';

let ownJobId = 0;
const DAY = 86_400_000;
// A school's own job closing at 12:00 London time nine days from now.
const closesOn = londonParts(new Date(Date.now() + 9 * DAY)).date;
const CLOSING = londonInstant(closesOn, '12:00');

const env = screenTestEnv({
  ready: (env) =>
    // the FTS triggers call search_text()
    databaseOf(() => env.server, { search: true })((db) => {
      const school = db.prepare('select id from schools where number_of_pupils is not null order by id limit 1').get() as { id: number };
      ownJobId = Number(
        db
          .prepare(
            `insert into jobs (title, description, borough, school_id, posted_at, application_deadline, posted_by_school, status,
               contract, full_time, part_time, start_date, apply_url)
             values ('Quillfeather Teacher of Latin', 'Teach Latin across KS3.', 'Camden', ?, ?, ?, 1, 'published', 'Permanent', 1, 0, '2027-09-01', 'https://school.example/apply')`,
          )
          .run(school.id, Date.now() - 60_000, CLOSING.getTime()).lastInsertRowid,
      );
    }),
});
beforeEach(() => env.browser.clearCookies());
const jobsOf = (query = '') => env.api<JobRow[]>(`/api/jobs${query}`);

describe('1. a job card opens the job page here', () => {
  it('the title is a link to /jobs/{id}, a tap anywhere on the card opens it, and "View on GOV.UK" stays', async () => {
    const feedJob = (await jobsOf('?limit=50')).find((j) => j.isExternal && j.externalUrl)!;
    const page = await phonePage(env.browser, 20_000);
    await page.goto(`${env.server.url}/jobs?search=${encodeURIComponent(feedJob.title)}`);
    await waitForHydration(page);
    const card = page
      .getByTestId('job-card')
      .filter({ has: page.getByRole('heading', { name: feedJob.title, exact: true }) })
      .first();
    // (old main: the title was plain text, no link named by it)
    const title = card.getByRole('link', { name: feedJob.title, exact: true });
    expect(await title.getAttribute('href')).toBe(`/jobs/${feedJob.id}`);
    const gov = card.getByRole('link', { name: /View on GOV\.UK/ });
    expect(await gov.getAttribute('href')).toBe(feedJob.externalUrl);
    expect(await gov.getAttribute('target')).toBe('_blank');
    await screenshot(page, 'everyday-jobs-card-phone');
    // A tap on the card's body (its description, not a link) opens the job's own page: what is
    // under the finger there is the title's link (force: the tap goes where a finger would).
    const description = card.locator('p.line-clamp-3');
    await description.scrollIntoViewIfNeeded();
    expect(
      await description.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return document
          .elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)
          ?.closest('a')
          ?.getAttribute('href');
      }),
    ).toBe(`/jobs/${feedJob.id}`);
    await description.click({ force: true });
    await page.waitForURL(`${env.server.url}/jobs/${feedJob.id}`);
    await page.getByRole('heading', { level: 1, name: feedJob.title }).waitFor();
    expect(await page.getByRole('link', { name: /View on GOV\.UK/ }).getAttribute('href')).toBe(feedJob.externalUrl);
    await page.close();
  });
});

describe('2. the job page: the school beside the advert, and the feed terms', () => {
  it("shows the school's rating, review count, latest review, mood and links to its reviews and interviews", async () => {
    const job = (await jobsOf('?limit=50')).find((j) => j.school && j.schoolRating != null)!;
    const school = await env.api<{ stats: { averageRating: number; totalReviews: number } }>(`/api/schools/${job.school!.id}`);
    const reviews = await env.api<{ pros: string }[]>(`/api/schools/${job.school!.id}/reviews?limit=1`);
    const moods = await env.api<{ totalMoods: number; moodBreakdown: { label: string; count: number }[] }>(
      `/api/schools/${job.school!.id}/mood-stats`,
    );
    const page = await phonePage(env.browser, 20_000);
    await page.goto(`${env.server.url}/jobs/${job.id}`);
    await waitForHydration(page);
    const voice = page.getByTestId('school-voice'); // (old main: none)
    expect(await voice.getByRole('heading').innerText()).toBe(`What teachers say about ${job.school!.name}`);
    const n = school.stats.totalReviews;
    expect((await voice.getByTestId('voice-rating').innerText()).replace(/\s+/g, ' ')).toBe(
      `${school.stats.averageRating.toFixed(1)} out of 5 from ${n} teacher review${n === 1 ? '' : 's'}`,
    );
    const line = reviews[0].pros.trim().split(/\n+/)[0].replace(/\s+/g, ' ');
    const quoted = await voice.getByTestId('voice-latest-review').locator('blockquote').innerText();
    expect(quoted).toEqual(line.length <= 140 ? `“${line}”` : expect.stringMatching(/…”$/));
    expect(quoted.startsWith(`“${line.slice(0, 60)}`)).toBe(true);
    if (moods.totalMoods) {
      const top = moods.moodBreakdown.reduce((a, b) => (b.count > a.count ? b : a));
      expect(await voice.getByTestId('voice-mood').innerText()).toContain(`Staff mood: ${top.label}`);
    }
    const reviewsLink = voice.getByRole('link', { name: `Read ${n} review${n === 1 ? '' : 's'}` });
    expect(await reviewsLink.getAttribute('href')).toBe(`/schools/${job.school!.id}?tab=reviews`);
    expect(await voice.getByRole('link', { name: /interview experience/i }).getAttribute('href')).toBe(
      `/schools/${job.school!.id}?tab=interviews`,
    );
    await screenshot(page, 'everyday-jobs-job-page-phone');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'everyday-jobs-job-page-desktop');
    await page.setViewportSize(PHONE);
    // The link opens the school on its Reviews tab.
    await reviewsLink.click();
    await page.waitForURL(`${env.server.url}/schools/${job.school!.id}?tab=reviews`);
    await expect.poll(() => page.getByRole('tab', { name: /^Reviews/ }).getAttribute('aria-selected')).toBe('true');
    await page.close();
  });

  it("states a Teaching Vacancies advert's working pattern, contract and key stage from the feed", async () => {
    const [maternity] = await jobsOf(`?search=${encodeURIComponent('Year 3 Class Teacher (maternity cover)')}&limit=1`);
    const [maths] = await jobsOf(`?search=${encodeURIComponent('Teacher of Mathematics')}&limit=5`).then((r) =>
      r.filter((j) => j.title === 'Teacher of Mathematics'),
    );
    const page = await phonePage(env.browser, 20_000);
    const terms = async (id: number) => {
      await page.goto(`${env.server.url}/jobs/${id}`);
      return page.getByTestId('job-terms').innerText(); // (old main: a feed's advert had no terms)
    };
    const m = await terms(maternity.id);
    expect(m).toContain('Contract:\nFixed term');
    expect(m).toContain('Working pattern:\nFull time');
    expect(m).toContain('Key stage:\nPrimary');
    await screenshot(page, 'everyday-jobs-terms-phone');
    const t = await terms(maths.id);
    expect(t).toContain('Contract:\nPermanent');
    expect(t).toContain('Working pattern:\nFull time');
    await page.close();
  });
});

describe('3. the closing time a school sets', () => {
  it('is on the card, on the page and in the JobPosting, in London time', async () => {
    const page = await phonePage(env.browser, 20_000);
    await page.goto(`${env.server.url}/jobs?search=Quillfeather`);
    await waitForHydration(page);
    const card = page.getByTestId('job-card').first();
    // (old main: "Closes in 9 days" / "Closes 15 December 2026", no time)
    expect(await card.getByTestId('closing').innerText()).toBe(closingLabel(CLOSING)!.text);
    expect(await card.getByTestId('closing').innerText()).toMatch(/ at 12:00$/);
    await screenshot(page, 'everyday-jobs-closing-card-phone');
    await page.goto(`${env.server.url}/jobs/${ownJobId}`);
    await waitForHydration(page);
    const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' }).format(
      CLOSING,
    );
    expect(await page.getByTestId('job-closing').innerText()).toBe(`${date} at 12:00`);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!) as { validThrough: string };
    const offset = londonParts(CLOSING).time === '12:00' && CLOSING.getUTCHours() === 11 ? '+01:00' : '+00:00';
    expect(ld.validThrough).toBe(`${closesOn}T12:00:00${offset}`);
    // A feed's advert keeps the school's time too (the sample's 12:00 and 09:00).
    const feed = (await jobsOf('?limit=50')).filter((j) => j.isExternal && j.applicationDeadline);
    expect(feed.length).toBeGreaterThan(0);
    for (const j of feed) expect(['12:00', '09:00']).toContain(londonParts(new Date(j.applicationDeadline!)).time);
    await page.close();
  });
});

describe('4. saving a job as a visitor', () => {
  it('after signing in she is back on the job, it is saved, a toast says so, and it is not done again', async () => {
    const [job] = await jobsOf('?limit=1');
    const page = await phonePage(env.browser, 20_000);
    await page.goto(`${env.server.url}/jobs/${job.id}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: `Save ${job.title}` }).click();
    await expect.poll(() => toastTitle(page).innerText()).toBe('Sign In Required');
    // The local provider's form, then back.
    await page.waitForURL((url) => url.port === String(env.server.devOidcPort) && url.pathname.startsWith('/interaction/'), {
      timeout: 20_000,
    });
    await page.locator('input[name="email"]').fill('vera.visitor@school.example');
    await page.locator('input[name="name"]').fill('Vera Visitor');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${env.server.url}/jobs/${job.id}`);
    // (old main: the heart stayed empty and nothing was saved)
    await expect.poll(() => toastTitle(page).innerText(), { timeout: 20_000 }).toBe('Job Saved');
    expect(await toastText(page).innerText()).toBe('Job has been added to your saved jobs.');
    await expect.poll(() => page.getByTestId('save-job').getAttribute('aria-pressed')).toBe('true');
    const saved = await page.evaluate(async () => (await (await fetch('/api/saved-jobs')).json()) as { job: { id: number } }[]);
    expect(saved.map((s) => s.job.id)).toEqual([job.id]);
    await screenshot(page, 'everyday-jobs-saved-after-sign-in-phone');
    // Once: a reload neither toasts nor sends it again; unsaving stays unsaved after a reload.
    await page.getByRole('button', { name: `Remove ${job.title} from saved jobs` }).click();
    await expect.poll(() => page.getByTestId('save-job').getAttribute('aria-pressed')).toBe('false');
    await page.reload();
    await waitForHydration(page);
    await page.waitForTimeout(1500);
    expect(await page.getByTestId('save-job').getAttribute('aria-pressed')).toBe('false');
    expect(await page.evaluate(async () => ((await (await fetch('/api/saved-jobs')).json()) as unknown[]).length)).toBe(0);
    await page.close();
  });

  it('a report asked for as a visitor opens its form after the sign-in', async () => {
    const job = (await jobsOf('?limit=50')).find((j) => j.school && j.schoolRating != null)!;
    const page = await phonePage(env.browser, 20_000);
    await page.goto(`${env.server.url}/schools/${job.school!.id}?tab=reviews`);
    await waitForHydration(page);
    const report = page.locator('[data-testid^="report-review-"]').first();
    const testId = (await report.getAttribute('data-testid'))!;
    await report.click();
    await page.waitForURL((url) => url.port === String(env.server.devOidcPort) && url.pathname.startsWith('/interaction/'), {
      timeout: 20_000,
    });
    await page.locator('input[name="email"]').fill('rita.reporter@school.example');
    await page.locator('input[name="name"]').fill('Rita Reporter');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${env.server.url}/schools/${job.school!.id}?tab=reviews`);
    await page.getByRole('dialog', { name: 'Report this review' }).waitFor(); // (old main: no dialog)
    expect(await page.getByTestId(testId).count()).toBe(1);
    await page.close();
  });
});

describe('5. the home search box answers for schools too', () => {
  it('"st marys" from home lands on the jobs with the schools it names and a link to them', async () => {
    const res = await fetch(`${env.server.url}/api/schools?search=st%20marys&limit=3`);
    const schools = (await res.json()) as SchoolRow[];
    const total = Number(res.headers.get('x-total-count'));
    expect(total).toBeGreaterThan(1);
    const page = await phonePage(env.browser, 20_000);
    await page.goto(`${env.server.url}/`);
    await waitForHydration(page);
    await page.getByRole('combobox', { name: 'What' }).fill('st marys');
    await page.getByRole('button', { name: 'Search Jobs' }).click();
    await page.waitForURL(/\/jobs\?search=st\+marys/);
    const line = page.getByTestId('schools-match'); // (old main: only "0 jobs found")
    expect(await line.innerText()).toBe(`${total.toLocaleString('en-GB')} schools match “st marys”`);
    expect(await line.getByRole('link').getAttribute('href')).toBe('/schools?search=st+marys');
    const jobs = await fetch(`${env.server.url}/api/jobs?search=st%20marys&limit=1`);
    if (Number(jobs.headers.get('x-total-count')) === 0) {
      const list = page.getByTestId('schools-match-list');
      await expect.poll(() => list.locator('li .font-medium').allInnerTexts()).toEqual(schools.map((s) => s.name));
      expect(await list.getByRole('link', { name: `See all ${total} schools →` }).getAttribute('href')).toBe('/schools?search=st+marys');
    }
    await screenshot(page, 'everyday-jobs-st-marys-phone');
    await line.getByRole('link').click();
    await page.waitForURL(/\/schools\?search=st\+marys/);
    await page.close();
  });
});
