// What a write reads again comes from the route declarations (decision 0015): the write's route
// names the data it changes, each read's route the data it shows (core/route-data.gen.ts).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { swrKey } from './keys';
import { staffKey } from './school-staff';
import { MY_SCHOOLS_KEY } from './my-schools';
import { registerPageList } from './page-lists';
import { refreshAfterWrite, touchedBy } from './refresh';

const filters = vi.hoisted(() => [] as ((key: unknown) => boolean)[]);
vi.mock('swr', () => ({
  mutate: (filter: (key: unknown) => boolean) => {
    filters.push(filter);
    return Promise.resolve([]);
  },
}));

/** Every key the app's screens may hold (a school 12 page, another school's, the other screens). */
const KEYS = {
  activity: swrKey.activity,
  school12: swrKey.school(12),
  school13: swrKey.school(13),
  moods12: swrKey.moodStats(12),
  jobsList: swrKey.jobs({ schoolId: '12' }),
  job5: swrKey.job(5),
  salaries: swrKey.salaries,
  salaryStats: swrKey.salaryStats,
  payScales: swrKey.payScales,
  forumThread: swrKey.forumThread(7),
  savedJobs: swrKey.savedJobs,
  sessions: swrKey.sessions,
  schoolJobs12: swrKey.schoolJobs(12),
  schoolProfile12: swrKey.schoolProfile(12),
  notRoute: 'alerts/reminders',
  // Staff's and moderators' screens (issue 42 §3: these were refreshed by hand after their writes).
  moderationQueue: swrKey.moderationQueue,
  forumThreads: swrKey.forumThreads({}),
  mySchools: MY_SCHOOLS_KEY,
  documents5: ['/api/jobs/{id}/documents', 5],
  // A school's staff lists (its dashboard, the claim form, the moderators' claims section).
  members12: staffKey.schoolMembers(12),
  members13: staffKey.schoolMembers(13),
  claims12: staffKey.schoolClaims(12),
  claimDomains12: staffKey.claimDomains(12),
  audit12: staffKey.schoolAudit(12),
  claimsQueue: staffKey.claimsQueue,
  allAudit: staffKey.allSchoolAudit,
};
const PAGE_LISTS = ['/api/schools/12/reviews', '/api/schools/13/reviews', '/api/schools/12/interviews', '/api/jobs', '/api/forum/threads'];

/** Which of KEYS and PAGE_LISTS a write reads again. */
function refreshedBy(method: string, path: string) {
  filters.length = 0;
  const lists: string[] = [];
  const unregister = PAGE_LISTS.map((p) => registerPageList({ path: p, revalidate: () => lists.push(p) }));
  refreshAfterWrite(method, path);
  for (const u of unregister) u();
  expect(filters).toHaveLength(1);
  const keys = Object.entries(KEYS)
    .filter(([, key]) => filters[0](key))
    .map(([name]) => name);
  return { keys, lists };
}

describe('refreshAfterWrite', () => {
  beforeEach(() => {
    filters.length = 0;
  });

  it("a review of school 12 reads again that school's reviews, its page and her activity, not another school's", () => {
    const { keys, lists } = refreshedBy('POST', '/api/schools/12/reviews');
    expect(lists).toEqual(['/api/schools/12/reviews', '/api/schools/12/interviews', '/api/jobs']);
    // Its page, figures and staff's editor (ratings are the schools' data), the jobs that show its
    // rating, her activity, the moderation queue it joins and staff's waiting responses; never
    // school 13, the salaries, the forum or her saved jobs.
    expect(keys).toEqual(['activity', 'school12', 'moods12', 'jobsList', 'job5', 'schoolProfile12', 'moderationQueue', 'mySchools']);
  });

  it('an edit of her review (no school in its path) reads every cached school review list and her activity', () => {
    const { keys, lists } = refreshedBy('PATCH', '/api/reviews/40');
    expect(lists).toEqual(['/api/schools/12/reviews', '/api/schools/13/reviews', '/api/schools/12/interviews', '/api/jobs']);
    expect(keys).toContain('activity');
    expect(keys).not.toContain('salaries');
  });

  it('a salary reads again the salaries and her activity only', () => {
    expect(refreshedBy('POST', '/api/salaries')).toEqual({ keys: ['activity', 'salaries', 'salaryStats'], lists: [] });
  });

  it("a school's job reads again its staff list, the school page and the job lists", () => {
    const { keys, lists } = refreshedBy('POST', '/api/schools/12/jobs');
    expect(keys).toEqual(['school12', 'jobsList', 'job5', 'schoolJobs12', 'documents5']);
    expect(lists).toEqual(['/api/jobs']);
  });

  it('a reply reads the threads and her activity, nothing of the schools', () => {
    const { keys, lists } = refreshedBy('POST', '/api/forum/threads/7/posts');
    expect(keys).toEqual(['activity', 'forumThread', 'moderationQueue', 'forumThreads']);
    expect(lists).toEqual(['/api/forum/threads']);
  });

  // Staff's and moderators' writes: each once refreshed its own screen's list by hand (a route
  // with no data); each now names its data, and a screen's list is read again because of it.
  it("a moderator's decision reads again the queue, the schools' figures and the forum's lists", () => {
    for (const path of ['/api/moderation/reviews/5/approve', '/api/moderation/posts/5/reject']) {
      const { keys, lists } = refreshedBy('POST', path);
      expect(keys).toEqual(expect.arrayContaining(['school12', 'school13', 'forumThread', 'moderationQueue', 'forumThreads']));
      expect(keys).not.toContain('salaries');
      expect(lists).toEqual(expect.arrayContaining(['/api/schools/12/reviews', '/api/forum/threads']));
    }
  });

  it('a decision on a report or an edit reads again the queue and what the item was', () => {
    for (const path of ['/api/moderation/reports/mood/5/reject', '/api/moderation/edits/interviews/5/approve']) {
      const { keys, lists } = refreshedBy('POST', path);
      expect(keys).toEqual(expect.arrayContaining(['school12', 'moderationQueue', 'forumThread']));
      expect(lists).toEqual(expect.arrayContaining(['/api/schools/12/interviews', '/api/forum/threads']));
    }
    expect(refreshedBy('POST', '/api/moderation/reports/mood/5/reject').keys).toContain('moods12');
  });

  it("locking or pinning a thread reads again the forum's lists and the thread, nothing of the schools", () => {
    const { keys, lists } = refreshedBy('POST', '/api/moderation/threads/7/sticky');
    expect(keys).toEqual(['activity', 'forumThread', 'moderationQueue', 'forumThreads']);
    expect(lists).toEqual(['/api/forum/threads']);
  });

  it("a school's response reads again the reviews it answers and her schools' waiting responses", () => {
    for (const method of ['PUT', 'DELETE']) {
      const { keys, lists } = refreshedBy(method, '/api/reviews/5/response');
      expect(keys).toEqual(expect.arrayContaining(['mySchools', 'moderationQueue']));
      expect(lists).toEqual(expect.arrayContaining(['/api/schools/12/reviews']));
    }
  });

  it("a job's document reads again its documents and the job page", () => {
    const { keys } = refreshedBy('DELETE', '/api/jobs/5/documents/3');
    expect(keys).toEqual(expect.arrayContaining(['documents5', 'job5', 'jobsList']));
    expect(keys).not.toContain('schoolProfile12');
  });

  // The school staff's writes (claims, links, members, invitations, domains) once refreshed every
  // staff list by hand (refreshStaff); each route now names the staff's data. A write about school
  // 12 reads again school 12's staff lists, her schools and the site admins' claims and audit, never
  // school 13's; one with no school in its path (a link, a site admin's decision) reads them all.
  const staffOf12 = ['mySchools', 'members12', 'claims12', 'claimDomains12', 'audit12', 'claimsQueue', 'allAudit'];
  const allStaff = ['mySchools', 'members12', 'members13', 'claims12', 'claimDomains12', 'audit12', 'claimsQueue', 'allAudit'];
  it.each([
    ['POST', '/api/schools/12/claims', staffOf12],
    ['POST', '/api/school-links', allStaff],
    ['POST', '/api/schools/12/claims/4/approve', staffOf12],
    ['POST', '/api/schools/12/claims/4/reject', staffOf12],
    ['POST', '/api/schools/12/invites', staffOf12],
    ['PATCH', '/api/schools/12/members/3', staffOf12],
    ['DELETE', '/api/schools/12/members/3', staffOf12],
    ['POST', '/api/schools/12/leave', staffOf12],
    ['POST', '/api/schools/12/confirm', staffOf12],
    ['POST', '/api/moderation/claims/4/approve', allStaff],
    ['POST', '/api/moderation/claims/4/reject', allStaff],
    ['POST', '/api/moderation/schools/12/domains', allStaff],
    ['DELETE', '/api/moderation/schools/12/domains/2', allStaff],
  ])("a staff write (%s %s) reads again the staff's lists it changes, nothing else", (method, path, expected) => {
    expect(refreshedBy(method, path)).toEqual({ keys: expected, lists: [] });
  });

  it('signing out her other sessions reads again her sessions list, nothing else (it was refreshed by hand)', () => {
    expect(refreshedBy('POST', '/api/me/sessions/revoke-others')).toEqual({ keys: ['sessions'], lists: [] });
  });

  it('a write whose route names no data reads nothing again', () => {
    expect(refreshedBy('POST', '/api/jobs/5/save')).toEqual({ keys: [], lists: [] });
    expect(refreshedBy('POST', '/api/no-such-route')).toEqual({ keys: [], lists: [] });
  });
});

describe('touchedBy', () => {
  const table = {
    reads: [
      ['/api/schools/{id}', ['schools']],
      ['/api/schools/{id}/reviews', ['reviews']],
      ['/api/things', ['reviews']],
    ],
    writes: [['POST /api/schools/{id}/reviews', ['reviews']]],
  } as const;

  it('matches by overlapping data, and by the same id where both paths name the school', () => {
    const touched = touchedBy('POST', '/api/schools/4/reviews', table);
    expect(touched('/api/schools/4/reviews')).toBe(true);
    expect(touched('/api/schools/4/reviews?limit=10')).toBe(true);
    expect(touched('/api/schools/5/reviews')).toBe(false);
    expect(touched('/api/things')).toBe(true);
    // Same school, but its page shows no reviews in this table.
    expect(touched('/api/schools/4')).toBe(false);
  });
});
