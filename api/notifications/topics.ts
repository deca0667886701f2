// What a notification kind is delivered under (her choice per topic in Profile) and where it
// takes her in the app (decision 2010).
import type { NotificationKind, NotificationSubject, NotificationTopic } from '../../db/schema';

/** The topic each kind is delivered under (her choice in Profile). */
export const TOPIC_OF: Record<NotificationKind, NotificationTopic> = {
  reply: 'replies',
  quote: 'replies',
  review_approved: 'moderation',
  review_rejected: 'moderation',
  interview_removed: 'moderation',
  thread_approved: 'moderation',
  thread_rejected: 'moderation',
  response_published: 'responses',
  report_kept: 'reports',
  report_removed: 'reports',
  edit_approved: 'moderation',
  edit_rejected: 'moderation',
  // A school's staff (decision 2115): decisions about her, like a moderator's on what she wrote.
  claim_approved: 'moderation',
  claim_rejected: 'moderation',
  member_invited: 'moderation',
  member_made_admin: 'moderation',
  member_made_editor: 'moderation',
  member_removed: 'moderation',
};

/** A school's staff notifications that lead to her school dashboard (she manages the school now). */
const TO_SCHOOL_ADMIN: readonly NotificationKind[] = ['claim_approved', 'member_invited', 'member_made_admin', 'member_made_editor'];

/**
 * Where a notification takes her: the thread, the school, or her activity for what was refused.
 * An item deleted since (by its author or a moderator) still leads somewhere that reads: its
 * school's page, or the forum when the thread itself is gone; `threadId`/`schoolId` are null
 * when the thread or school no longer exists.
 */
export function linkOf(n: {
  kind: NotificationKind;
  subjectType: NotificationSubject;
  threadId: number | null;
  schoolId: number | null;
  gone?: boolean;
}) {
  if (TO_SCHOOL_ADMIN.includes(n.kind)) return '/school-admin';
  if ((n.kind === 'review_rejected' || n.kind === 'edit_rejected') && !n.gone) return '/dashboard?tab=activity';
  if (n.threadId !== null) return `/forum/threads/${n.threadId}`;
  if (n.schoolId !== null) return `/schools/${n.schoolId}`;
  if (['thread', 'post', 'thread_edit', 'post_edit'].includes(n.subjectType)) return '/forum';
  return '/notifications';
}
