// The write path and ownership (decision 1440): a queued item records who pressed submit, and a
// visitor's submission is never kept on the device.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineDb, OWNER_META_KEY } from '../offline/db';
import { resetUserForTests } from '../offline/owner';
import { ApiRequestError } from './client';
import { send } from './mutations';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const salary = { kind: 'salary' as const, method: 'POST' as const, path: '/api/salaries', body: { annualSalary: 45_000 }, label: 'Salary' };

beforeEach(async () => {
  resetUserForTests();
  await Promise.all([offlineDb.outbox.clear(), offlineDb.meta.clear(), offlineDb.responses.clear()]);
});
afterEach(() => vi.unstubAllGlobals());

describe('send() and the owner of a queued item', () => {
  it('queues an offline submission for the signed-in user', async () => {
    await offlineDb.meta.put({ key: OWNER_META_KEY, value: 'dev:alice@school.example' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const result = await send(salary, 'key-1');
    expect(result).toEqual({ status: 'queued', key: 'key-1' });
    expect(await offlineDb.outbox.get('key-1')).toMatchObject({
      owner: 'dev:alice@school.example',
      state: 'pending',
      body: { annualSalary: 45_000 },
    });
  });

  it('sends at once, as its owner, when the server has that user signed in', async () => {
    await offlineDb.meta.put({ key: OWNER_META_KEY, value: 'dev:alice@school.example' });
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${path}`);
        return path === '/api/auth/user' ? json(200, { id: 'dev:alice@school.example' }) : json(201, { id: 9 });
      }),
    );
    expect(await send(salary, 'key-2')).toEqual({ status: 'sent', data: { id: 9 } });
    expect(calls).toEqual(['GET /api/auth/user', 'POST /api/salaries']);
    expect(await offlineDb.outbox.count()).toBe(0);
  });

  it("keeps a visitor's submission off the device: 401 at once, nothing queued or sent", async () => {
    await offlineDb.meta.put({ key: OWNER_META_KEY, value: null });
    const fetch = vi.fn(async () => json(201, {}));
    vi.stubGlobal('fetch', fetch);
    const error = await send(salary, 'key-3').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(401);
    expect(await offlineDb.outbox.count()).toBe(0);
    expect(fetch).not.toHaveBeenCalled();
  });
});
