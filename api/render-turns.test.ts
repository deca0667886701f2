// Renders take turns with the rest of the server (decision 1058): while a crawl's page misses are
// rendered and queued, a cheap request (/api/health, a kept page, a kept answer) is answered
// between their steps. Counted in turns of the event loop (a setImmediate marker per event), never in ms.
import { describe, expect, it } from 'vitest';
import { testDb } from '../test/db';
import { fakeDist } from '../test/fake-dist';
import { createApp } from './app';
import { RENDERS_AT_ONCE, type PageRenderer } from './ssr';

const now = new Date('2026-11-24T12:00:00Z');
const db = testDb({ now });

type Event = {
  what: 'start' | 'end' | 'asked' | 'answered' | 'health asked' | 'health answered';
  url: string;
  /** Until the event loop's next turn reaches this event's marker: true while still in the same turn. */
  open: { now: boolean };
  /** The events whose turn this one happened in (still open when it was logged). */
  sameTurnAs: Set<number>;
};
const events: Event[] = [];
const log = (what: Event['what'], url: string) => {
  const open = { now: true };
  // Queued before anything the code under test queues after this point: it runs first next turn.
  setImmediate(() => (open.now = false));
  const sameTurnAs = new Set(events.flatMap((e, i) => (e.open.now ? [i] : [])));
  events.push({ what, url, open, sameTurnAs });
};
let onEnd: ((url: string) => void) | undefined;

const renderer = async (): Promise<PageRenderer> => {
  const r = (await import('../web/entry-server')) as unknown as PageRenderer;
  return {
    ...r,
    render: async (url, options) => {
      log('start', url);
      const fetch = async (path: string, init?: RequestInit) => {
        log('asked', url);
        const res = await options.fetch(path, init);
        log('answered', url);
        return res;
      };
      try {
        return await r.render(url, { ...options, fetch });
      } finally {
        log('end', url);
        onEnd?.(url);
      }
    },
  };
};
const app = createApp({
  db,
  now: () => now,
  distDir: fakeDist(),
  appUrl: 'https://teachers.example',
  rateLimit: false,
  pageRenderer: renderer,
});

describe('renders taking turns with cheap requests', () => {
  it('hands a finished render’s place on at the next turn, answers a cheap request between queued renders, and reads apart from rendering', async () => {
    expect((await app.request('/schools/1')).status).toBe(200); // the renderer loaded
    events.length = 0;
    const pages = [2, 3, 4, 5, 6, 7, 8].map((id) => `/schools/${id}`);
    let health: Promise<void> | undefined;
    // A teacher's request arrives while the first render finishes and five wait their turn.
    onEnd = () => {
      onEnd = undefined;
      health = new Promise((resolve) =>
        setImmediate(() => {
          log('health asked', '/api/health');
          void Promise.resolve(app.request('/api/health')).then(async (res) => {
            expect(res.status).toBe(200);
            await res.text();
            log('health answered', '/api/health');
            resolve();
          });
        }),
      );
    };
    const answers = await Promise.all(
      pages.map(async (path) => {
        const res = await app.request(path);
        return [res.status, await res.text()] as const;
      }),
    );
    await health;
    expect(answers.map(([status]) => status)).toEqual(pages.map(() => 200));
    expect(answers.every(([, html]) => html.includes('<div id="root"><'))).toBe(true);

    const starts = events.filter((e) => e.what === 'start');
    const ends = events.filter((e) => e.what === 'end');
    expect(starts.map((e) => e.url).sort()).toEqual([...pages].sort());
    // Never more at once than the limit.
    let running = 0;
    let most = 0;
    for (const e of events) {
      if (e.what === 'start') most = Math.max(most, ++running);
      if (e.what === 'end') running--;
    }
    expect(most).toBe(RENDERS_AT_ONCE);
    // A render that waited its turn starts in a later turn of the event loop than the one in which
    // the render whose place it took ended: the requests that arrived meanwhile are read first
    // (before, a queue of renders ran back to back in one turn).
    const index = (e: Event) => events.indexOf(e);
    const queued = starts.slice(RENDERS_AT_ONCE);
    expect(queued.length).toBe(pages.length - RENDERS_AT_ONCE);
    expect(queued.filter((s, k) => s.sameTurnAs.has(index(ends[k])))).toEqual([]);
    // The cheap request is answered while renders still wait: at least three start after it.
    const answered = events.findIndex((e) => e.what === 'health answered');
    expect(answered).toBeGreaterThan(-1);
    expect(events.slice(answered).filter((e) => e.what === 'start').length).toBeGreaterThanOrEqual(3);
    // Each API read is answered in a later turn than the React pass that asked for it: a turn holds
    // one step of a render, not a read and a render together.
    const asked = events.filter((e) => e.what === 'asked');
    expect(asked.length).toBeGreaterThanOrEqual(pages.length);
    for (const a of asked) {
      const back = events.slice(index(a)).find((e) => e.what === 'answered' && e.url === a.url)!;
      expect(back.sameTurnAs.has(index(a))).toBe(false);
    }
  });
});
