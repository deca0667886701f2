import { describe, expect, it } from 'vitest';
import { isJobsKey, swrKey } from './keys';
import { SUCCESS, successToastFor } from './messages';

describe('swrKey', () => {
  it('gives the same key for the same query, a different one for another', () => {
    expect(swrKey.jobs({ borough: 'Camden' })).toEqual(swrKey.jobs({ borough: 'Camden' }));
    expect(swrKey.jobs({ borough: 'Camden' })).not.toEqual(swrKey.jobs({ borough: 'Hackney' }));
    expect(swrKey.schoolReviews(12)).toEqual(['school-reviews', 12]);
  });

  it('isJobsKey matches every job list and nothing else', () => {
    expect(isJobsKey(swrKey.jobs({}))).toBe(true);
    expect(isJobsKey(swrKey.jobs({ subject: 'Maths' }))).toBe(true);
    expect(isJobsKey(swrKey.job(3))).toBe(false);
    expect(isJobsKey(swrKey.savedJobs)).toBe(false);
  });
});

describe('success texts', () => {
  it('the outbox shows the same texts as the screens', () => {
    expect(successToastFor({ kind: 'review', method: 'POST', path: '/api/schools/1/reviews' })).toBe(SUCCESS.review);
    expect(successToastFor({ kind: 'mood', method: 'PUT', path: '/api/schools/1/mood' })).toEqual({
      title: 'Mood updated!',
      description: 'Your mood has been updated successfully.',
    });
    expect(successToastFor({ kind: 'mood', method: 'POST', path: '/api/schools/1/mood' })?.description).toBe(
      'Thank you for sharing your experience.',
    );
    expect(successToastFor({ kind: 'thread', method: 'POST', path: '/api/forum/threads' })).toBeNull();
    // A school's job that waited in the outbox: saved (posted or edited), or closed.
    expect(successToastFor({ kind: 'school-job', method: 'POST', path: '/api/schools/4/jobs' })).toBe(SUCCESS.schoolJobSaved);
    expect(successToastFor({ kind: 'school-job', method: 'PATCH', path: '/api/jobs/9' })).toBe(SUCCESS.schoolJobSaved);
    expect(successToastFor({ kind: 'school-job', method: 'POST', path: '/api/jobs/9/close' })).toBe(SUCCESS.schoolJobClosed);
  });
});
