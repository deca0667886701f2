// The spec's success toasts (§8) for submissions that may be sent later from the outbox: shown
// when a queued item finally arrives.
import type { OutboxItem } from '../offline/db';

/**
 * A submission kept in the outbox to be sent later (web/components/writes.ts): offline, it waits
 * for the connection; online, the server answered 5xx/429 or could not be reached, so it is
 * retried automatically, and the phone is never called offline.
 */
export const QUEUED_OFFLINE = { title: 'Saved offline', description: "Saved — will be sent when you're back online" } as const;
/** Share fallback (no Web Share API): the link was copied; the toast shows the address. */
export const SHARE_COPIED = { title: 'Link copied' } as const;
export const SHARE_COPY_FAILED = { title: "Couldn't copy the link" } as const;
export const QUEUED_RETRY = { title: 'Saved, not sent yet', description: "The server couldn't take it just now. It's saved on this device and will be retried automatically." } as const;

export function successToastFor(item: Pick<OutboxItem, 'kind' | 'method'>): { title: string; description: string } | null {
  switch (item.kind) {
    case 'review':
      return { title: 'Review Submitted', description: 'Your review has been submitted and is pending approval.' };
    case 'interview':
      return { title: 'Interview Experience Submitted', description: 'Thank you for sharing your interview experience.' };
    case 'salary':
      return { title: 'Salary Submitted', description: 'Thank you for contributing to our salary database.' };
    case 'mood':
      return { title: 'Mood updated!', description: item.method === 'PUT' ? 'Your mood has been updated successfully.' : 'Thank you for sharing your experience.' };
    case 'save-job':
      return { title: 'Job Saved', description: 'Job has been added to your saved jobs.' };
    case 'unsave-job':
      return { title: 'Job Removed', description: 'Job has been removed from your saved jobs.' };
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
};
export const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind;
