import { describe, expect, it } from 'vitest';
import { QUEUED_OFFLINE, QUEUED_RETRY } from '../data/messages';
import { queuedToast } from './writes';

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
