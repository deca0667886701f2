import { describe, expect, it } from 'vitest';
import { reportedBody, textOf } from './reported';

describe('reported item text', () => {
  it('reads non-empty string fields only', () => {
    expect(textOf({ a: 'x', b: '', c: 3, d: null }, 'a')).toBe('x');
    expect(textOf({ a: 'x', b: '', c: 3, d: null }, 'b')).toBeNull();
    expect(textOf({ a: 'x', b: '', c: 3, d: null }, 'c')).toBeNull();
    expect(textOf({ a: 'x', b: '', c: 3, d: null }, 'missing')).toBeNull();
  });

  it('lists a review as its pros and cons, labelled, in order', () => {
    expect(reportedBody({ pros: 'Kind staff', cons: 'Long hours', schoolName: 'Ignored', overallRating: 2 })).toEqual([
      'Pros: Kind staff',
      'Cons: Long hours',
    ]);
  });

  it('lists a thread as its title then its content, and leaves empty fields out', () => {
    expect(reportedBody({ content: 'Body', title: 'Title', comment: '' })).toEqual(['Title', 'Body']);
    expect(reportedBody({ processDescription: 'Two lessons', comment: 'Nice' })).toEqual(['Two lessons', 'Nice']);
    expect(reportedBody({})).toEqual([]);
  });
});
