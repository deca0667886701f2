// The toast a queued write shows when it finally arrives: an author's edit or delete (decision
// 2020) gets its own words, not those of a new review; a salary's delete says when it leaves the averages.
import { describe, expect, it } from 'vitest';
import { SALARY_DELETE_NOTE, SUCCESS, successToastFor } from './messages';

describe('successToastFor', () => {
  it('names an edit and a delete as such', () => {
    expect(successToastFor({ kind: 'review', method: 'PATCH', path: '/api/reviews/3' })).toEqual(SUCCESS.editSent);
    expect(successToastFor({ kind: 'interview', method: 'PATCH', path: '/api/interviews/3' })).toEqual(SUCCESS.editSent);
    expect(successToastFor({ kind: 'review', method: 'DELETE', path: '/api/reviews/3' })?.title).toBe('Review deleted');
    expect(successToastFor({ kind: 'interview', method: 'DELETE', path: '/api/interviews/3' })?.title).toBe('Interview experience deleted');
    expect(successToastFor({ kind: 'salary', method: 'DELETE', path: '/api/salaries/3' })?.description).toBe(SALARY_DELETE_NOTE);
    expect(successToastFor({ kind: 'review', method: 'POST', path: '/api/schools/1/reviews' })).toEqual(SUCCESS.review);
  });

  it('says in plain words when a deleted salary leaves the figures', () => {
    expect(SALARY_DELETE_NOTE).toBe(
      'Deleted. It leaves the published averages at a later batch; figures already published are not recomputed until then.',
    );
  });
});
