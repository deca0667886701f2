import { describe, expect, it } from 'vitest';
import { keyPath, swrKey } from './keys';
import { SUCCESS, successToastFor } from './messages';

describe('swrKey', () => {
  it('gives the same key for the same query, a different one for another', () => {
    expect(swrKey.jobs({ borough: 'Camden' })).toEqual(swrKey.jobs({ borough: 'Camden' }));
    expect(swrKey.jobs({ borough: 'Camden' })).not.toEqual(swrKey.jobs({ borough: 'Hackney' }));
    expect(swrKey.schools({})).not.toEqual(swrKey.schoolsWithTotal({}));
    expect(swrKey.payScales).not.toEqual(swrKey.payScalesOfYear('2025-09-01'));
  });

  it('each key reads back as the API path it fetches', () => {
    expect(keyPath(swrKey.school(12))).toBe('/api/schools/12');
    expect(keyPath(swrKey.schoolJobs(12))).toBe('/api/schools/12/jobs');
    expect(keyPath(swrKey.jobs({ subject: 'Maths' }))).toBe('/api/jobs');
    expect(keyPath(swrKey.schoolsWithTotal({ borough: 'Camden' }))).toBe('/api/schools');
    expect(keyPath(swrKey.savedStatus(3))).toBe('/api/jobs/3/saved');
    expect(keyPath(swrKey.forumThread(7))).toBe('/api/forum/threads/7');
    expect(keyPath(swrKey.imageBatch('a/b'))).toBe('/api/schools/images/batch-update/a%2Fb');
    expect(keyPath(swrKey.activity)).toBe('/api/me/activity');
    expect(keyPath(swrKey.payScalesOfYear('2025-09-01'))).toBe('/api/pay-scales');
  });

  it('a key that is not a route gives no path', () => {
    expect(keyPath('alerts/reminders')).toBeNull();
    expect(keyPath(['school-staff', 3])).toBeNull();
    expect(keyPath(null)).toBeNull();
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
