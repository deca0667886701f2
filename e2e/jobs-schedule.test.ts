// The server's own wiring in production (decision 0406): with only TEACHING_VACANCIES_URL set (a
// local feed standing in for the GOV.UK API, its default), the server refreshes the jobs at
// start-up, without anyone pressing the button, and then every 60 minutes by default.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedPage, jobPosting, localServer, type LocalServer } from '../test/servers';
import { startServer, type RunningServer } from './harness';

let feed: LocalServer;
let server: RunningServer;

beforeAll(async () => {
  feed = await localServer((_req, res, base) => {
    const posted = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const data = [
      jobPosting({ slug: 'scheduled-maths-westminster', urn: '138312', orgName: 'Westminster City School', datePosted: posted }),
    ];
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(feedPage(base, 1, 1, data, 1)));
  });
  server = await startServer({
    NODE_ENV: 'production',
    ALLOW_NO_SIGN_IN: '1',
    SESSION_SECRET: 'a production secret of at least 32 characters',
    WEB_CONCURRENCY: '1',
    SEED_DEMO: '0',
    TEACHING_VACANCIES_URL: `${feed.url}/api/v1/jobs.json`,
    JOBS_REFRESH_INTERVAL_MINUTES: '',
  });
});
afterAll(async () => {
  await server?.stop();
  await feed?.close();
});

describe('Refresh Jobs in production', () => {
  it('imports the feed at start-up, then every 60 minutes', async () => {
    await expect
      .poll(
        async () => ((await (await fetch(`${server.url}/api/jobs`)).json()) as { externalUrl: string | null }[]).map((j) => j.externalUrl),
        { timeout: 20_000, interval: 300 },
      )
      .toEqual(['https://teaching-vacancies.service.gov.uk/jobs/scheduled-maths-westminster']);
    // Asked once, at start-up: the next run is an hour away.
    expect(feed.hits).toEqual(['/api/v1/jobs.json']);
    // The lines that say what was configured and done are the product here; polled, as a line can
    // reach the test's pipe after the state it describes.
    await expect
      .poll(() => server.output())
      .toMatch(/Refresh Jobs at start-up and every 60 min from http:\/\/127\.0\.0\.1:\d+\/api\/v1\/jobs\.json/);
    await expect.poll(() => server.output()).toMatch(/Scheduled job refresh: 0 deleted, 1 imported/);
  });
});
