import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { client } from './client';
import { to } from './mutations';

describe('to(): a write built from the typed client', () => {
  it('fills the path parameters and keeps the body', () => {
    const json = {
      overallRating: 4,
      pros: 'Supportive head of department',
      cons: 'Long commute for most staff',
      jobTitle: 'Teacher of Maths',
      yearsAtSchool: '1-2 years' as const,
    };
    expect(to(client.schools[':id'].reviews, '$post', { param: { id: '12' }, json })).toEqual({
      method: 'POST',
      path: '/api/schools/12/reviews',
      body: json,
    });
    expect(
      to(client.moderation[':kind'][':id'].reject, '$post', { param: { kind: 'posts', id: '7' }, json: { reason: 'Off topic' } }),
    ).toEqual({
      method: 'POST',
      path: '/api/moderation/posts/7/reject',
      body: { reason: 'Off topic' },
    });
  });

  it('maps the method and adds the query; no arguments for a bare route', () => {
    expect(to(client.jobs[':id'].save, '$delete', { param: { id: '3' } })).toEqual({
      method: 'DELETE',
      path: '/api/jobs/3/save',
      body: undefined,
    });
    expect(to(client.schools[':id'].mood, '$put', { param: { id: '5' }, json: { mood: 'happy', anonymous: true } })).toMatchObject({
      method: 'PUT',
      path: '/api/schools/5/mood',
    });
    expect(to(client.schools.images['batch-update'], '$post', { query: { limit: '25' } })).toEqual({
      method: 'POST',
      path: '/api/schools/images/batch-update?limit=25',
      body: undefined,
    });
    expect(to(client.jobs.refresh, '$post')).toEqual({ method: 'POST', path: '/api/jobs/refresh', body: undefined });
  });
});
