// A school job's job pack (issue 37 item 12, decision 2116), at 390x844 on the real server: its
// staff attach PDFs on the job's edit form (a file that is not a PDF is refused with the field's
// words; three is the most), and the public job page lists them as downloads with name and size,
// sent as attachments. (Old main: no documents card on the form, none on the job page.)
import { describe, expect, it } from 'vitest';
import { DESKTOP, screenshot, signInLocally, waitForHydration } from './harness';
import { attemptTag, databaseOf, makeStaff, phonePage, screenTestEnv, seriousViolations } from './screens.helpers';

let school: { id: number; name: string };
const env = screenTestEnv({
  ready: async (env) => {
    [school] = await env.api<{ id: number; name: string }[]>('/api/schools?search=Westminster%20City%20School');
  },
});
const sql = databaseOf(() => env.server, { search: true }); // the jobs' FTS triggers call search_text()

/** A small, complete PDF; `mark` makes each one its own file. */
const pdf = (mark: string, pad = 0) =>
  Buffer.from(
    `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Mark (${mark}) >>\nendobj\n%${'x'.repeat(pad)}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );

describe("a school job's documents (issue 37 item 12)", () => {
  it('staff attach PDFs on the form; the job page offers them as downloads with name and size', async () => {
    const tag = attemptTag();
    const title = `Teacher of Drama ${tag}`;
    const email = `head.docs.${tag}@school.example`.toLowerCase();
    await env.browser.clearCookies();
    const page = await phonePage(env.browser, 20_000);
    await signInLocally(page, env.server.url, { email, name: 'Dee Docs' });
    const jobId = sql((db) => {
      makeStaff(db, email, school.id, 'email');
      return Number(
        db
          .prepare(
            `insert into jobs (title, description, borough, school_id, posted_at, application_deadline, posted_by_school, status, contract, full_time, part_time, apply_url)
             values (?, 'Lead drama across KS3 and KS4.', 'Westminster', ?, ?, ?, 1, 'published', 'Permanent', 1, 0, 'https://school.example/apply')`,
          )
          .run(title, school.id, Date.now() - 60_000, Date.now() + 20 * 86_400_000).lastInsertRowid,
      );
    });

    await page.goto(`${env.server.url}/manage/schools/${school.id}/jobs/${jobId}/edit`);
    const card = page.getByTestId('job-documents');
    await card.waitFor(); // (old main: no documents card)
    await expect.poll(() => card.innerText()).toContain('No documents yet.');
    const input = card.locator('input[type=file]');

    // A PNG named .pdf is refused by its bytes, with the field's words.
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await input.setInputFiles({ name: 'Job pack.pdf', mimeType: 'application/pdf', buffer: png });
    await expect.poll(() => card.locator('#job-document-error').innerText()).toBe('This file is not a PDF');
    expect(await input.getAttribute('aria-invalid')).toBe('true');

    const files = [
      { name: 'Job pack – Drama.pdf', buffer: pdf('pack', 300_000) },
      { name: 'Person specification.pdf', buffer: pdf('spec', 2_000) },
      { name: 'Application form.pdf', buffer: pdf('form', 1_500_000) },
    ];
    for (const [i, f] of files.entries()) {
      await input.setInputFiles({ ...f, mimeType: 'application/pdf' });
      await expect.poll(() => card.getByTestId('job-documents-list').locator('li').count()).toBe(i + 1);
    }
    expect(await card.getByTestId('job-documents-list').innerText()).toContain('PDF, 1.4 MB');
    // Three is the most: the picker is off and says why.
    expect(await input.isDisabled()).toBe(true);
    expect(await card.innerText()).toContain('3 documents attached: remove one to add another');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'everyday-job-documents-form-phone');
    expect(await seriousViolations(page)).toEqual([]);

    // One removed: two left, the picker back.
    await card.getByRole('button', { name: 'Remove Person specification.pdf' }).click();
    await expect.poll(() => card.getByTestId('job-documents-list').locator('li').count()).toBe(2);
    expect(await input.isDisabled()).toBe(false);

    // The public job page, as a visitor: download links with name and size.
    await env.browser.clearCookies();
    await page.goto(`${env.server.url}/jobs/${jobId}`);
    await waitForHydration(page);
    const docs = page.getByTestId('job-documents');
    await docs.waitFor(); // (old main: none)
    const links = docs.getByRole('link');
    expect(await links.allInnerTexts()).toEqual(['Job pack – Drama.pdf\nPDF, 293 KB', 'Application form.pdf\nPDF, 1.4 MB']);
    // The server rendered them too (a reader without the script sees them).
    const html = await (await fetch(`${env.server.url}/jobs/${jobId}`)).text();
    expect(html).toContain('Application form.pdf');
    // Each is sent as an attachment with its name, never sniffed, sandboxed: the bytes as uploaded.
    const href = (await links.nth(1).getAttribute('href'))!;
    const res = await fetch(env.server.url + href);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="Application form.pdf"');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(Buffer.from(await res.arrayBuffer()).equals(files[2].buffer)).toBe(true);
    const box = await docs.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await docs.scrollIntoViewIfNeeded();
    await screenshot(page, 'everyday-job-documents-page-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);
    await docs.scrollIntoViewIfNeeded();
    await screenshot(page, 'everyday-job-documents-page-desktop');
    await page.close();
  }, 120_000);
});
