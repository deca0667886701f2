// The product's success toasts (product §8), in one place: shown by the screens when a write is sent, and
// by the outbox when a queued item finally arrives.
import type { OutboxItem } from '../offline/db';

/**
 * What deleting a salary does (decision 2020, keeping 1420's guarantee): said before and after she
 * deletes one, and in her list.
 */
export const SALARY_LEAVES = 'It leaves the published averages at a later batch; figures already published are not recomputed until then.';
export const SALARY_DELETE_NOTE = `Deleted. ${SALARY_LEAVES}`;

export const SUCCESS = {
  review: { title: 'Review Submitted', description: 'Your review has been submitted and is pending approval.' },
  interview: { title: 'Interview Experience Submitted', description: 'Thank you for sharing your interview experience.' },
  salary: { title: 'Salary Submitted', description: 'Thank you for contributing to our salary database.' },
  moodShared: { title: 'Mood updated!', description: 'Thank you for sharing your experience.' },
  moodUpdated: { title: 'Mood updated!', description: 'Your mood has been updated successfully.' },
  jobSaved: { title: 'Job Saved', description: 'Job has been added to your saved jobs.' },
  jobRemoved: { title: 'Job Removed', description: 'Job has been removed from your saved jobs.' },
  thread: { title: 'Thread Created', description: 'Your thread has been submitted for moderation and will appear once approved.' },
  reply: { title: 'Reply Submitted', description: 'Your reply has been submitted for moderation and will appear once approved.' },
  report: { title: 'Report received', description: 'Thank you. A moderator will look at it.' },
  accountDeleted: { title: 'Account deleted', description: 'Your account has been deleted and you are signed out everywhere.' },
  schoolJobSaved: { title: 'Job saved', description: "It is on your school's job list." },
  schoolJobClosed: { title: 'Job closed', description: 'It is off the board, and its page says it is closed.' },
  forumEdited: { title: 'Changes saved', description: 'Your post now shows your changes, marked as edited.' },
  /** An edit sent from the outbox: its answer is not read here, so the words fit both outcomes. */
  forumEditReplayed: {
    title: 'Changes sent',
    description: 'Your edit is saved. On a published post, everyone else sees it once a moderator approves it.',
  },
  /** An edit of a published thread or reply (decision 2026): it waits for a moderator. */
  forumEditSent: {
    title: 'Edit sent',
    description: 'You see your changes now; everyone else reads the published version until a moderator approves them.',
  },
  forumDeleted: { title: 'Deleted', description: 'What you wrote is gone; a placeholder keeps the conversation readable.' },
  otherSessionsRevoked: { title: 'Signed out everywhere else', description: 'Every other device and browser has been signed out.' },
  // An author's own edits and deletions (decision 2020).
  editSent: {
    title: 'Edit sent',
    description: 'Your edit waits for a moderator. Until it is approved, the published version stays up.',
  },
  reviewDeleted: { title: 'Review deleted', description: 'Your review is no longer shown, and the ratings no longer count it.' },
  interviewDeleted: { title: 'Interview experience deleted', description: 'Your interview experience is no longer shown.' },
  salaryDeleted: {
    title: 'Salary deleted',
    description: SALARY_DELETE_NOTE,
  },
} as const satisfies Record<string, { title: string; description: string }>;

/** Admin tools' success texts, with their figures. */
export const jobsRefreshed = (deletedJobs: number) => ({
  title: 'Job Board Refreshed',
  description: `Removed ${deletedJobs} old jobs and updated listings.`,
});
export const imagesUpdated = (updated: number) => ({
  title: 'Batch Update Complete',
  description: `Updated ${updated} schools with authentic images`,
});

/**
 * A submission kept in the outbox to be sent later (web/data/writes.ts): offline, it waits
 * for the connection; online, the server answered 5xx/429 or could not be reached, so it is
 * retried automatically, and the phone is never called offline.
 */
export const QUEUED_OFFLINE = { title: 'Saved offline', description: "Saved — will be sent when you're back online" } as const;
/** Share fallback (no Web Share API): the link was copied; the toast shows the address. */
export const SHARE_COPIED = { title: 'Link copied' } as const;
export const SHARE_COPY_FAILED = { title: "Couldn't copy the link" } as const;
export const QUEUED_RETRY = {
  title: 'Saved, not sent yet',
  description: "The server couldn't take it just now. It's saved on this device and will be retried automatically.",
} as const;

export function successToastFor(item: Pick<OutboxItem, 'kind' | 'method' | 'path'>): { title: string; description: string } | null {
  // An author's edit or delete that waited in the outbox (decision 2020).
  if (item.method === 'PATCH' && (item.kind === 'review' || item.kind === 'interview')) return SUCCESS.editSent;
  if (item.method === 'DELETE' && item.kind === 'review') return SUCCESS.reviewDeleted;
  if (item.method === 'DELETE' && item.kind === 'interview') return SUCCESS.interviewDeleted;
  if (item.method === 'DELETE' && item.kind === 'salary') return SUCCESS.salaryDeleted;
  switch (item.kind) {
    case 'review':
      return SUCCESS.review;
    case 'interview':
      return SUCCESS.interview;
    case 'salary':
      return SUCCESS.salary;
    case 'mood':
      return item.method === 'PUT' ? SUCCESS.moodUpdated : SUCCESS.moodShared;
    case 'save-job':
      return SUCCESS.jobSaved;
    case 'unsave-job':
      return SUCCESS.jobRemoved;
    case 'school-job':
      return item.path.endsWith('/close') ? SUCCESS.schoolJobClosed : SUCCESS.schoolJobSaved;
    case 'forum-edit':
      return item.method === 'DELETE' ? SUCCESS.forumDeleted : SUCCESS.forumEditReplayed;
    default:
      return null;
  }
}

const KIND_LABELS: Record<string, string> = {
  review: 'Review',
  interview: 'Interview experience',
  salary: 'Salary',
  mood: 'Mood',
  'save-job': 'Save job',
  'unsave-job': 'Remove saved job',
  'school-job': "School's job",
  'forum-edit': 'Forum edit',
};
export const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind;
