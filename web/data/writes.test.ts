import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './client';
import { QUEUED_OFFLINE, QUEUED_RETRY } from './messages';
import { getSnapshot } from '../lib/toast-store';
import { queuedToast, write } from './writes';

const CAP = 'Your school has published 20 jobs today, the most for one day.';
vi.mock('./mutations', () => ({
  send: () => Promise.reject(new ApiRequestError(429, { error: CAP, fields: { publish: CAP } }, CAP)),
}));

describe('queuedToast', () => {
  it("says 'back online' only when the device is offline", () => {
    expect(queuedToast(false)).toEqual({ title: 'Saved offline', description: "Saved — will be sent when you're back online" });
    expect(queuedToast(true)).toBe(QUEUED_RETRY);
    expect(queuedToast(false)).toBe(QUEUED_OFFLINE);
  });
  it('words an online retry as the server not taking it now, never as offline', () => {
    const t = queuedToast(true);
    expect(t.description).toMatch(/server couldn't take it/);
    expect(t.description).toMatch(/retried/);
    expect(`${t.title} ${t.description}`).not.toMatch(/offline|back online/i);
  });
});

describe('write', () => {
  it("shows a limit's own words (429), which say when to try again, not the screen's generic failure", async () => {
    const result = await write(
      { kind: 'school-job', method: 'POST', path: '/api/schools/1/jobs', body: {}, label: 'Job' },
      { success: { title: 'Job saved' }, signIn: 'Please sign in.', error: { description: 'Your job could not be saved.' } },
    );
    expect(result).toBeNull();
    expect(getSnapshot().map((t) => t.description)).toContain(CAP);
  });
});
