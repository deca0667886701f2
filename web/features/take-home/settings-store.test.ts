// Sign-in reconciles the device's take-home settings with the account's (decision 0312): the
// account's win when it has some, else the device's are saved to it; none anywhere, nothing sent.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const KEY = 'tilt.takeHome';
let stored: Map<string, string>;
const sent: { method: string; body?: unknown }[] = [];

beforeEach(() => {
  vi.resetModules();
  stored = new Map();
  sent.length = 0;
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => void stored.set(k, v),
      removeItem: (k: string) => void stored.delete(k),
    },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    sent.push({ method: init?.method ?? 'GET', body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    return new Response('{}', { status: 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const account = (settings: unknown) => async () => new Response(JSON.stringify({ settings }), { status: 200 });

describe('reconcileWithAccount', () => {
  it("the account's settings win: they replace the device's and nothing is sent", async () => {
    const { reconcileWithAccount } = await import('./settings-store');
    stored.set(KEY, JSON.stringify({ fte: '1', pension: 'tps', loans: [] }));
    expect(await reconcileWithAccount('u1', account({ fte: '0.6', pension: 'none', loans: ['plan2'] }))).toBe('account');
    expect(JSON.parse(stored.get(KEY)!)).toEqual({ fte: '0.6', pension: 'none', loans: ['plan2'] });
    expect(sent).toEqual([]);
  });

  it("an account with none gets the device's, and each later change is saved to both", async () => {
    const { reconcileWithAccount, setTakeHomeSettings } = await import('./settings-store');
    stored.set(KEY, JSON.stringify({ fte: '0.8', pension: 'tps', loans: ['plan1'] }));
    expect(await reconcileWithAccount('u2', account(null))).toBe('device');
    expect(sent).toEqual([{ method: 'PUT', body: { fte: '0.8', pension: 'tps', loans: ['plan1'] } }]);
    setTakeHomeSettings({ fte: '0.5', pension: 'none', loans: [] });
    await Promise.resolve();
    expect(sent[1]).toEqual({ method: 'PUT', body: { fte: '0.5', pension: 'none', loans: [] } });
    expect(JSON.parse(stored.get(KEY)!)).toEqual({ fte: '0.5', pension: 'none', loans: [] });
  });

  it("none on either side: nothing saved, nothing sent; a visitor's change is never sent", async () => {
    const { reconcileWithAccount, setTakeHomeSettings } = await import('./settings-store');
    setTakeHomeSettings({ fte: '0.9', pension: 'tps', loans: [] });
    expect(sent).toEqual([]);
    stored.clear();
    expect(await reconcileWithAccount('u3', account(null))).toBe('none');
    expect(sent).toEqual([]);
    expect(stored.has(KEY)).toBe(false);
  });
});
