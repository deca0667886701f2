import { describe, expect, it } from 'vitest';
import { preview, threadStatus } from './thread-status';

describe('forum thread display', () => {
  it('is Pending, Locked or Active', () => {
    expect(threadStatus({ isApproved: false, isLocked: true }).label).toBe('Pending');
    expect(threadStatus({ isApproved: true, isLocked: true }).label).toBe('Locked');
    expect(threadStatus({ isApproved: true, isLocked: false }).label).toBe('Active');
  });
  it('previews the first 200 characters with an ellipsis', () => {
    expect(preview('x'.repeat(300))).toBe('x'.repeat(200) + '...');
    expect(preview('short')).toBe('short...');
  });
});
