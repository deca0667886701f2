// The words of a notification (decision 2010), one place for the notifications screen, a push and
// the email digest. They name the thread or the school, the replier's first name (as the forum
// shows it beside the reply) and nobody else.
import type { NotificationKind, NotificationSubject } from './schema';

export interface NotificationWords {
  kind: NotificationKind;
  subjectType: NotificationSubject;
  thread: { title: string } | null;
  school: { name: string } | null;
  actorFirstName: string | null;
}

const quoted = (t: { title: string } | null) => (t ? `“${t.title}”` : 'a thread');
const at = (s: { name: string } | null) => (s ? s.name : 'a school');

/** What a report was about, in words: "the review of Example School", "the reply in “Title”". */
function reported(n: NotificationWords): string {
  switch (n.subjectType) {
    case 'review':
      return `the review of ${at(n.school)}`;
    case 'interview':
      return `the interview account at ${at(n.school)}`;
    case 'mood':
      return `the comment on ${at(n.school)}`;
    case 'thread':
      return `the thread ${quoted(n.thread)}`;
    case 'post':
      return `the reply in ${quoted(n.thread)}`;
    case 'review_edit':
      return `the review of ${at(n.school)}`;
    case 'interview_edit':
      return `the interview account at ${at(n.school)}`;
    case 'thread_edit':
      return `the thread ${quoted(n.thread)}`;
    case 'post_edit':
      return `the reply in ${quoted(n.thread)}`;
    case 'school_claim':
    case 'school_audit':
      return `the page of ${at(n.school)}`;
  }
}

/** An author's edit, in words: "your review of Example School", "your reply in “Cover lessons”". */
function edited(n: NotificationWords): string {
  if (n.subjectType === 'interview_edit') return `your interview account at ${at(n.school)}`;
  if (n.subjectType === 'thread_edit') return `your thread ${quoted(n.thread)}`;
  if (n.subjectType === 'post_edit') return `your reply in ${quoted(n.thread)}`;
  return `your review of ${at(n.school)}`;
}

/** One line: what happened. */
export function notificationText(n: NotificationWords): string {
  const who = n.actorFirstName?.trim() || 'Someone';
  switch (n.kind) {
    case 'reply':
      return `${who} replied in ${quoted(n.thread)}`;
    case 'quote':
      return `${who} quoted you in ${quoted(n.thread)}`;
    case 'review_approved':
      return `Your review of ${at(n.school)} is published`;
    case 'review_rejected':
      return `Your review of ${at(n.school)} was not published`;
    case 'interview_removed':
      return `Your interview account at ${at(n.school)} was removed`;
    case 'thread_approved':
      return `Your thread ${quoted(n.thread)} is published`;
    case 'thread_rejected':
      return `Your thread ${quoted(n.thread)} was not published`;
    case 'response_published':
      return `${at(n.school)} responded to your review`;
    case 'report_kept':
      return `Your report was reviewed: ${reported(n)} stays up`;
    case 'report_removed':
      return `Your report was reviewed: ${reported(n)} was removed`;
    case 'edit_approved':
      return `Your edit is published: ${edited(n)} now shows your changes`;
    case 'edit_rejected':
      return `Your edit was not approved: ${edited(n)} stays as it was`;
    case 'claim_approved':
      return `Your request to manage ${at(n.school)} was approved: you can manage its page now`;
    case 'claim_rejected':
      return `Your request to manage ${at(n.school)} was not approved`;
    case 'member_invited':
      return `You are invited to help manage ${at(n.school)}: open the link in the email we sent to your work address`;
    case 'member_made_admin':
      return `You are now an admin of ${at(n.school)}`;
    case 'member_made_editor':
      return `You are now an editor of ${at(n.school)}`;
    case 'member_removed':
      return `You were removed from the staff of ${at(n.school)}`;
  }
}
