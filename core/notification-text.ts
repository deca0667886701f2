// The words of a notification (decision 2010), one place for the notifications screen, a push and
// the email digest. They name the thread or the school, the replier's first name (as the forum
// shows it beside the reply) and nobody else.

/**
 * What a notification tells: a reply in a thread she watches, a reply quoting her, her review or
 * thread approved or rejected, her interview removed after reports, a school's response to her
 * review published, a report she made decided (the item kept or removed), her edit of a published
 * review or interview approved or refused.
 */
export const NOTIFICATION_KINDS = [
  'reply',
  'quote',
  'review_approved',
  'review_rejected',
  'interview_removed',
  'thread_approved',
  'thread_rejected',
  'response_published',
  'report_kept',
  'report_removed',
  'edit_approved',
  'edit_rejected',
  // A school's staff (issue 37 item 13, decision 2115): her claim decided, an invitation to her
  // account's address, her role changed (the new role is the kind), her membership removed.
  'claim_approved',
  'claim_rejected',
  'member_invited',
  'member_made_admin',
  'member_made_editor',
  'member_removed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/**
 * What a notification is about; with the kind and the user, one notification at most (no repeat on
 * hide-then-approve). An author's edit of a review, interview, thread or reply is its own subject
 * (`review_edit`, `interview_edit`, `thread_edit`, `post_edit`: the id of the contribution_revisions
 * row), so each edit of the same item that a moderator decides is told once, and a later edit
 * decided again is told again.
 */
export const NOTIFICATION_SUBJECTS = [
  'thread',
  'post',
  'review',
  'interview',
  'mood',
  'review_edit',
  'interview_edit',
  'thread_edit',
  'post_edit',
  // A claim or invitation (school_claims id); a member's role change or removal (the school_audit
  // row id of that action, so each change is told once).
  'school_claim',
  'school_audit',
] as const;
export type NotificationSubject = (typeof NOTIFICATION_SUBJECTS)[number];

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
