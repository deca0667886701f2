// The server's own wiring: TEACHING_VACANCIES_URL and JOBS_REFRESH_INTERVAL_MINUTES start a
// scheduled refresh that imports the feed (a local one) without anyone pressing the button.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedPage, jobPosting, localServer, type LocalServer } from '../test/servers';
import { startServer, type RunningServer } from './harness';

let feed: LocalServer;
let server: RunningServer;

beforeAll(async () => {
  feed = await localServer((_req, res, base) => {
    const posted = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const data = [jobPosting({ slug: 'scheduled-maths-westminster', urn: '138312', orgName: 'Westminster City School', datePosted: posted })];
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(feedPage(base, 1, 1, data, 1)));
  });
  // 0.02 minutes: every 1.2 seconds.
  server = await startServer({ TEACHING_VACANCIES_URL: `${feed.url}/api/v1/jobs.json`, JOBS_REFRESH_INTERVAL_MINUTES: '0.02', SEED_DEMO: '0' });
});
afterAll(async () => {
  await server?.stop();
  await feed?.close();
});

describe('scheduled Refresh Jobs', () => {
  it('imports the feed on the timer', async () => {
    await expect
      .poll(async () => ((await (await fetch(`${server.url}/api/jobs`)).json()) as { externalUrl: string | null }[]).map((j) => j.externalUrl), { timeout: 20_000, interval: 300 })
      .toEqual(['https://teaching-vacancies.service.gov.uk/jobs/scheduled-maths-westminster']);
    // On the timer: the feed is asked again without anyone pressing the button.
    const hits = feed.hits.length;
    expect(hits).toBeGreaterThanOrEqual(1);
    await expect.poll(() => feed.hits.length, { timeout: 15_000 }).toBeGreaterThan(hits);
    // The start-up line says what was configured (the line is the product here; polled, as a line
    // can reach the test's pipe after the state it describes).
    await expect.poll(() => server.output()).toMatch(/Refresh Jobs every 0\.02 min from http:\/\/127\.0\.0\.1:\d+\/api\/v1\/jobs\.json/);
  });
});
