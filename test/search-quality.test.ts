// The search quality bench in `npm test` (decision 0701): its committed real queries against the
// seeded register keep top-3 at 95 % or better and top-1 at 85 % or better.
import { describe, expect, it } from 'vitest';
import { measureSearchQuality, percent, QUERIES } from '../bench/search-quality';
import { warmSearchVocabulary } from '../api/search';
import { ok, testApp } from './app';

describe('search quality', () => {
  it('finds what the teacher meant: top-3 >= 95 %, top-1 >= 85 % over at least 60 real queries', async () => {
    const { db, client } = testApp({ rateLimit: false });
    warmSearchVocabulary(db);
    expect(QUERIES.length).toBeGreaterThanOrEqual(60);
    // Every query is a real search: a refusal fails the test (ok()).
    const r = await measureSearchQuality(db, (list, search) =>
      list === 'schools'
        ? ok(client.schools.$get({ query: { search, limit: '3' } }))
        : ok(client.jobs.$get({ query: { search, limit: '3' } })),
    );
    const report = `top-1 ${percent(r.top1, r.total)}, top-3 ${percent(r.top3, r.total)}; misses: ${JSON.stringify(r.misses)}`;
    expect(r.top3 / r.total, report).toBeGreaterThanOrEqual(0.95);
    expect(r.top1 / r.total, report).toBeGreaterThanOrEqual(0.85);
  });
});
