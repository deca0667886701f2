// Taps on a later() part before its chunk has arrived (web/lib/later.tsx): the server renders the
// part's controls, the page hydrates without them, and a reader may press them meanwhile. Each test
// holds back the part's chunk (page.route on its /assets/*.js file), acts on the server-rendered
// control while the part is still waiting, checks nothing happened yet, releases the chunk and checks
// the tap was acted on: the toast's text, the dialog, the select's filter in the URL, the heart saved,
// Near me on. Deterministic: the chunk is held until the test says so, whatever the box's load.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, ROOT, signInLocally, startServer, waitForHydration, type RunningServer } from './harness';
import { holdSignIn } from './screens.helpers';

const manifest = JSON.parse(readFileSync(join(ROOT, 'dist', '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
/** The built file of a lazily imported module (its key in Vite's manifest: the path under web/). */
function chunkOf(src: string) {
  const chunk = manifest[src] ?? Object.entries(manifest).find(([key]) => key.startsWith(`${src}-`))?.[1];
  if (!chunk) throw new Error(`${src} is not a chunk of its own in the build`);
  return chunk.file;
}

// Near Soho Square (e2e/near-me.test.ts).
const HERE = { latitude: 51.51549, longitude: -0.13224 };

let server: RunningServer;
let visitor: BrowserContext;
let teacher: BrowserContext;
beforeAll(async () => {
  [server, visitor, teacher] = await Promise.all([
    startServer(),
    launchBrowser({ serviceWorkers: 'block' }),
    launchBrowser({ serviceWorkers: 'block' }),
  ]);
  for (const context of [visitor, teacher]) {
    await context.grantPermissions(['geolocation'], { origin: server.url });
    await context.setGeolocation(HERE);
  }
  const page = await teacher.newPage();
  await signInLocally(page, server.url, { email: 'later.taps@school.example', name: 'Lee Later' }, '/');
  await page.close();
}, 120_000);
afterAll(async () => {
  await visitor?.close();
  await teacher?.close();
  await server?.stop();
});

/** Holds back the chunk of `src` on this page until release(); requested resolves when the page asks for it. */
async function hold(page: Page, src: string) {
  const file = chunkOf(src);
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let asked!: () => void;
  const requested = new Promise<void>((r) => (asked = r));
  await page.route(`**/${file}`, async (route) => {
    asked();
    await gate;
    await route.continue().catch(() => undefined);
  });
  return { release, requested, file };
}

/** Opens a page whose later() part is held: hydrated (the rest of the page answers), the part still waiting. */
async function openHeld(context: BrowserContext, path: string, src: string, size = DESKTOP) {
  const page = await context.newPage();
  await page.setViewportSize(size);
  const held = await hold(page, src);
  await page.goto(server.url + path, { waitUntil: 'domcontentloaded' });
  await waitForHydration(page);
  expect(await page.evaluate(() => document.documentElement.dataset.app)).toBe('ready');
  await held.requested;
  return { page, ...held };
}

const toast = (page: Page) => page.getByTestId('toast-description');
const settleMs = (page: Page, ms: number) => page.waitForTimeout(ms);

describe('a school, as a visitor: the Contribute card (its chunk held back)', () => {
  it('Write a Review pressed before the chunk: Sign In Required once it has arrived', async () => {
    const id = await schoolId();
    const { page, release } = await openHeld(visitor, `/schools/${id}`, 'school-detail/Contribute.tsx');
    await holdSignIn(page);
    await page.getByRole('button', { name: 'Write a Review' }).click();
    await settleMs(page, 300);
    expect(await toast(page).count()).toBe(0);
    release();
    await expect.poll(() => toast(page).innerText(), { timeout: 15_000 }).toBe('Please sign in to submit a review.');
    await page.close();
  });

  it('both pressed before the chunk: the second press is the toast shown', async () => {
    const id = await schoolId();
    const { page, release } = await openHeld(visitor, `/schools/${id}`, 'school-detail/Contribute.tsx');
    await holdSignIn(page);
    await page.getByRole('button', { name: 'Share Interview Experience' }).click();
    await page.getByRole('button', { name: 'Write a Review' }).click();
    release();
    await expect.poll(() => toast(page).innerText(), { timeout: 15_000 }).toBe('Please sign in to submit a review.');
    expect(await page.getByTestId('toast').count()).toBe(1);
    await page.close();
  });

  it('the first press before the chunk, the second after its toast: both acted on (e2e/screens-visitor)', async () => {
    const id = await schoolId();
    const { page, release } = await openHeld(visitor, `/schools/${id}`, 'school-detail/Contribute.tsx');
    await holdSignIn(page);
    await page.getByRole('button', { name: 'Share Interview Experience' }).click();
    release();
    await expect.poll(() => toast(page).innerText(), { timeout: 15_000 }).toBe('Please sign in to share your interview experience.');
    await page.getByRole('button', { name: 'Write a Review' }).click();
    await expect.poll(() => toast(page).innerText(), { timeout: 5_000 }).toBe('Please sign in to submit a review.');
    expect(await page.getByTestId('toast').count()).toBe(1);
    await page.close();
  });

  it("the staff links: before the chunk the server's plain link to the claim screen (it asks a visitor to sign in), a link to sign in after", async () => {
    const id = await schoolId();
    const { page, release } = await openHeld(visitor, `/schools/${id}`, 'school-detail/StaffLinks.tsx');
    // Its line is there from the first paint, so nothing below it moves when the session answers.
    const link = page.getByTestId('manage-page');
    expect(await link.getAttribute('href')).toBe(`/schools/${id}/claim`);
    release();
    await expect
      .poll(() => link.getAttribute('href'), { timeout: 15_000 })
      .toBe(`/api/login?returnTo=${encodeURIComponent(`/schools/${id}/claim`)}`);
    expect(await link.count()).toBe(1);
    await page.close();
  });
});

describe('a school, signed in: a dialog whose own chunk is held after the part has hydrated', () => {
  it('Write a Review opens the review form once its chunk arrives', async () => {
    const id = await schoolId();
    const page = await teacher.newPage();
    await page.setViewportSize(DESKTOP);
    const dialogs = await hold(page, '_ContributeDialogs');
    await page.goto(`${server.url}/schools/${id}`);
    // The part itself hydrated: its button answers (the dialog's chunk is asked for on the tap).
    await page.getByRole('button', { name: 'Write a Review' }).click();
    await dialogs.requested;
    await settleMs(page, 300);
    expect(await page.getByRole('dialog').count()).toBe(0);
    dialogs.release();
    await expect
      .poll(
        () =>
          page
            .getByRole('dialog')
            .getByText(/Write a Review|Review/)
            .first()
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    await page.close();
  });
});

describe('Jobs (their chunks held back)', () => {
  it('a filter select changed before its chunk: the list is filtered once it has arrived', async () => {
    const { page, release } = await openHeld(visitor, '/jobs', 'jobs/JobFilters.tsx');
    await page.getByLabel('Subject', { exact: true }).selectOption('Mathematics');
    await settleMs(page, 300);
    expect(new URL(page.url()).searchParams.get('subject')).toBe(null);
    release();
    await expect.poll(() => new URL(page.url()).searchParams.get('subject'), { timeout: 15_000 }).toBe('Mathematics');
    await expect.poll(() => page.getByLabel('Subject', { exact: true }).inputValue()).toBe('Mathematics');
    await page.close();
  });

  it('Near me tapped before its chunk: on, once it has arrived', async () => {
    const { page, release } = await openHeld(visitor, '/jobs', 'features/near-me/NearMe.tsx');
    const near = page.getByRole('button', { name: 'Near me' });
    await near.click();
    await settleMs(page, 300);
    expect(await near.getAttribute('aria-pressed')).toBe('false');
    release();
    await expect.poll(() => page.getByTestId('near-me').locator('button').getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    await expect.poll(() => page.getByTestId('distance').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.close();
  });

  it("a visitor's heart tapped before its chunk: Sign In Required once it has arrived", async () => {
    const { page, release } = await openHeld(visitor, '/jobs', '_SaveJobButton');
    await holdSignIn(page);
    await page.getByTestId('save-job').first().click();
    await settleMs(page, 300);
    expect(await toast(page).count()).toBe(0);
    release();
    await expect.poll(() => toast(page).innerText(), { timeout: 15_000 }).toBe('Please sign in to save jobs.');
    await page.close();
  });

  it("a teacher's heart tapped before its chunk: the job is saved once it has arrived", async () => {
    const { page, release } = await openHeld(teacher, '/jobs', '_SaveJobButton');
    const heart = page.getByTestId('save-job').first();
    const title = (await heart.getAttribute('aria-label'))!.replace(/^Save /, '');
    await heart.click();
    release();
    await expect.poll(() => page.getByRole('button', { name: `Remove ${title} from saved jobs` }).count(), { timeout: 15_000 }).toBe(1);
    const saved = (await (await page.request.get(`${server.url}/api/saved-jobs`)).json()) as { title?: string; job?: { title: string } }[];
    expect(saved.map((s) => s.title ?? s.job?.title)).toContain(title);
    await page.close();
  });

  it('Get alerts for this search pressed before its chunk (signed in): the dialog opens once it has arrived', async () => {
    const { page, release } = await openHeld(teacher, '/jobs?borough=Camden&subject=Mathematics', 'features/alerts/AlertButtons.tsx');
    await page.getByRole('button', { name: 'Get alerts for this search' }).click();
    await settleMs(page, 300);
    expect(await page.getByRole('dialog', { name: 'Get alerts for this search' }).count()).toBe(0);
    release();
    const dialog = page.getByRole('dialog', { name: 'Get alerts for this search' });
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Mathematics jobs in Camden');
    await page.close();
  });

  it('Get alerts for this search after the part hydrated, its dialog chunk held: the dialog opens once it arrives', async () => {
    const page = await teacher.newPage();
    await page.setViewportSize(DESKTOP);
    const dialogChunk = await hold(page, 'features/alerts/AlertDialog.tsx');
    await page.goto(`${server.url}/jobs?borough=Camden&subject=Mathematics`);
    await page.getByRole('button', { name: 'Get alerts for this search' }).click();
    await dialogChunk.requested;
    await settleMs(page, 300);
    const dialog = page.getByRole('dialog', { name: 'Get alerts for this search' });
    expect(await dialog.count()).toBe(0);
    dialogChunk.release();
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    await page.close();
  });
});

describe('Jobs: the take-home lines (their chunk held back)', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('a card keeps its take-home line’s space from the first paint: nothing below it moves when the figures come (%s)', async (_, size) => {
    const { page, release } = await openHeld(visitor, '/jobs', 'features/take-home/TakeHomeParts.tsx', size);
    const cards = page.getByTestId('job-card');
    const tops = () => cards.evaluateAll((els) => els.slice(0, 8).map((el) => Math.round(el.getBoundingClientRect().top + scrollY)));
    const before = await tops();
    expect(await page.getByTestId('job-take-home').count()).toBe(0);
    release();
    // Every card whose salary reads has its figures (the list's first cards: pay ranges and pounds).
    await expect.poll(() => page.getByTestId('job-take-home').count(), { timeout: 15_000 }).toBeGreaterThan(3);
    await expect.poll(() => page.getByTestId('job-take-home-space').count(), { timeout: 15_000 }).toBe(0);
    expect(await tops()).toEqual(before);
    await page.close();
  });
});

describe('a job page: its take-home line (the chunk held back)', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('keeps the line’s space from the first paint: the terms under it stay put when the figures come (%s)', async (_, size) => {
    const jobs = (await (await fetch(`${server.url}/api/jobs?search=${encodeURIComponent('Reception Class Teacher')}`)).json()) as {
      id: number;
    }[];
    const { page, release } = await openHeld(visitor, `/jobs/${jobs[0].id}`, 'features/take-home/TakeHomeParts.tsx', size);
    const terms = page.getByTestId('job-terms');
    const top = () => terms.evaluate((el) => Math.round(el.getBoundingClientRect().top + scrollY));
    const before = await top();
    release();
    await expect.poll(() => page.getByTestId('job-take-home').count(), { timeout: 15_000 }).toBe(1);
    expect(await top()).toBe(before);
    await page.close();
  });
});

describe('a discussion, as a teacher: the reply form (its chunk held back)', () => {
  it('Quote tapped before the form’s chunk: once it has arrived, the quote is in the form with the caret after it, in view', async () => {
    const threads = (await (await fetch(`${server.url}/api/forum/threads`)).json()) as {
      id: number;
      replyCount: number;
      isLocked: boolean;
    }[];
    const id = threads.find((t) => t.replyCount > 0 && !t.isLocked)!.id;
    const { page, release } = await openHeld(teacher, `/forum/threads/${id}`, 'thread/writing-controls.ts', PHONE);
    // Quote shows once her session has answered (she may reply); the form is still waiting for its chunk.
    const quote = page.getByTestId('opening-post').getByRole('button', { name: /^Quote / });
    await expect.poll(() => quote.isVisible(), { timeout: 15_000 }).toBe(true);
    await quote.click();
    await settleMs(page, 300);
    const box = page.getByLabel('Add a reply', { exact: true });
    expect(await box.count()).toBe(0);
    release();
    await expect.poll(() => box.inputValue(), { timeout: 15_000 }).toMatch(/^> \*\*.+\*\* \[wrote\]\(.+\):\n> [^]+\n\n$/);
    // She types under the quote: the caret after its text, the box focused and on screen.
    await expect
      .poll(() =>
        box.evaluate((b: HTMLTextAreaElement) => {
          const { top, bottom } = b.getBoundingClientRect();
          return {
            focused: document.activeElement === b,
            caretAtEnd: b.selectionStart === b.value.length,
            inView: top >= 0 && bottom <= innerHeight,
          };
        }),
      )
      .toEqual({ focused: true, caretAtEnd: true, inView: true });
    await page.close();
  });
});

describe('Schools and Home (their chunks held back)', () => {
  it('a filter select on Schools changed before its chunk: applied once it has arrived', async () => {
    const { page, release } = await openHeld(visitor, '/schools', 'schools/SchoolFilters.tsx');
    const select = page.locator('select[name="borough"]');
    await select.selectOption('Camden');
    release();
    await expect.poll(() => new URL(page.url()).searchParams.get('borough'), { timeout: 15_000 }).toBe('Camden');
    await page.close();
  });

  it("the home page's search sent before its chunk: a GET of /jobs with what was typed", async () => {
    const { page, release } = await openHeld(visitor, '/', 'home/HomeSearch.tsx');
    await page.getByPlaceholder('Job title, subject or school').fill('mathematics');
    await page.getByPlaceholder('Job title, subject or school').press('Enter');
    await page.waitForURL((u) => u.pathname === '/jobs', { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('search')).toBe('mathematics');
    release();
    await page.close();
  });

  it("the home page's search: text typed before its chunk is kept when it hydrates", async () => {
    const { page, release } = await openHeld(visitor, '/', 'home/HomeSearch.tsx');
    const what = page.getByPlaceholder('Job title, subject or school');
    await what.fill('physics');
    release();
    await expect.poll(() => page.getByTestId('home-search-jobs').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await what.inputValue()).toBe('physics');
    await page.close();
  });
});

let cachedSchoolId: number | undefined;
async function schoolId() {
  if (cachedSchoolId) return cachedSchoolId;
  const res = await fetch(`${server.url}/api/schools?search=${encodeURIComponent('Westminster City School')}`);
  cachedSchoolId = ((await res.json()) as { id: number }[])[0].id;
  return cachedSchoolId;
}
