// The warm-up at a start: every year's pay table kept on the device, and not asked for again while
// the copies are less than an hour old (each start fetched all five again).
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineDb } from './db';
import { keptRecently, WARM_AGAIN_AFTER_MS, WARM_URLS, warmOfflineCache } from './warm';

const asked: string[] = [];

beforeEach(async () => {
  asked.length = 0;
  await offlineDb.responses.clear();
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      asked.push(input);
      return new Response(JSON.stringify([{ asked: input }]), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the warm-up at a start', () => {
  it('keeps every pay table on the device at a first start, and asks for none again at the next', async () => {
    await warmOfflineCache();
    expect(asked).toEqual(WARM_URLS);
    expect((await offlineDb.responses.toArray()).map((r) => r.url).sort()).toEqual([...WARM_URLS].sort());

    await warmOfflineCache();
    expect(asked).toHaveLength(WARM_URLS.length);
  });

  it('asks again for the copies kept over an hour ago (or dated in the future), and only for those', async () => {
    await warmOfflineCache();
    const now = Date.now();
    await offlineDb.responses.update(WARM_URLS[1], { savedAt: now - WARM_AGAIN_AFTER_MS - 1 });
    await offlineDb.responses.update(WARM_URLS[2], { savedAt: now + 60_000 });
    asked.length = 0;

    await warmOfflineCache();
    expect(asked).toEqual([WARM_URLS[1], WARM_URLS[2]]);
    expect(await keptRecently(WARM_URLS[1])).toBe(true);
  });

  it('counts a copy as recent only within the hour', async () => {
    const url = WARM_URLS[0];
    expect(await keptRecently(url)).toBe(false);
    await offlineDb.responses.put({ url, body: '[]', headers: {}, savedAt: 1_000_000 });
    expect(await keptRecently(url, offlineDb, 1_000_000 + WARM_AGAIN_AFTER_MS - 1)).toBe(true);
    expect(await keptRecently(url, offlineDb, 1_000_000 + WARM_AGAIN_AFTER_MS)).toBe(false);
  });
});
