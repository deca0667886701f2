// What the user is told when subscribing this device fails: the server's reason when it refused.
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './client';
import { subscribeFailure } from './push-device';

describe('subscribeFailure', () => {
  it("shows the server's reason for a refusal, else the fallback", () => {
    const cap = 'Notifications can be on for at most 10 devices: turn them off on a device you no longer use';
    expect(subscribeFailure(new ApiRequestError(409, { error: cap, fields: { endpoint: cap } }, ''), 'fallback')).toBe(cap);
    expect(
      subscribeFailure(new ApiRequestError(429, { error: 'Too many submissions. Please wait a moment and try again.' }, ''), 'fallback'),
    ).toBe('Too many submissions. Please wait a moment and try again.');
    expect(subscribeFailure(new ApiRequestError(500, { error: 'Internal error' }, ''), 'fallback')).toBe('fallback');
    expect(subscribeFailure(new Error('NotAllowedError'), 'fallback')).toBe('fallback');
  });
});
