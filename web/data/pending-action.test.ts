// What a visitor asked for before signing in (decision 0308): kept for the next page load only,
// claimed once, on the same address, fresh; nothing without storage.
import { beforeEach, describe, expect, it } from 'vitest';

// A tab's storage and address, as the browser gives them (the unit tests run in node).
const store = new Map<string, string>();
const sessionStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
  clear: () => store.clear(),
  get length() {
    return store.size;
  },
};
const location = { pathname: '/', search: '' };
Object.assign(globalThis, { window: { addEventListener: () => undefined }, sessionStorage, location });
const { PENDING_ACTION_MAX_AGE_MS, carriedPendingAction, claimPendingAction, rememberPendingAction, reloadPendingAction } = await import(
  './pending-action'
);

const at = (path: string) => Object.assign(location, { pathname: path, search: '' });

beforeEach(() => {
  sessionStorage.clear();
  reloadPendingAction();
  at('/jobs/12');
});

describe('a pending action', () => {
  it('is carried to the next page load only, and claimed once', () => {
    rememberPendingAction('save-job:12');
    expect(claimPendingAction('save-job:12')).toBe(false); // this page load did not carry it
    reloadPendingAction(); // back from the sign-in
    expect(sessionStorage.length).toBe(0); // taken out at once: a reload cannot see it
    expect(claimPendingAction('report:review:3')).toBe(false); // another action's screen
    expect(claimPendingAction('save-job:12')).toBe(true);
    expect(claimPendingAction('save-job:12')).toBe(false);
    reloadPendingAction();
    expect(carriedPendingAction()).toBeNull();
  });
  it('is dropped on another address or when stale', () => {
    const now = Date.now();
    rememberPendingAction('save-job:12', now);
    reloadPendingAction();
    at('/jobs/13');
    expect(claimPendingAction('save-job:12', now)).toBe(false);
    at('/jobs/12');
    expect(claimPendingAction('save-job:12', now)).toBe(false); // already dropped
    rememberPendingAction('save-job:12', now);
    reloadPendingAction();
    expect(claimPendingAction('save-job:12', now + PENDING_ACTION_MAX_AGE_MS + 1)).toBe(false);
  });
  it('ignores what is not one of ours', () => {
    sessionStorage.setItem('tilt:pending-action', '{"action":1}');
    reloadPendingAction();
    expect(carriedPendingAction()).toBeNull();
    sessionStorage.setItem('tilt:pending-action', 'not json');
    reloadPendingAction();
    expect(carriedPendingAction()).toBeNull();
  });
});
