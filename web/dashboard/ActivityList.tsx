// The dashboard's Activity tab: "My contributions" (decision 2020). Everything she wrote, newest
// first, each with its state (pending, published, not approved with the reason, hidden by reports,
// an edit waiting or refused) and, where she may, Edit and Delete: reviews and interviews open
// their own form, a salary can be deleted (it leaves the published averages at a later batch).
// Threads and replies link to the thread, where she edits or deletes them. Read from her own
// activity answer, which the offline layer keeps on her device, so the list opens offline.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MOODS } from '../../core/constants';
import { EditOwnDialog, type OwnItem } from '../features/contribute/ContributeDialogs';
import { DeleteOwnButton, EditOwnButton } from '../features/contribute/OwnActions';
import { EmptyState, ErrorState, SkeletonList } from '../components/states';
import { useActivity, type Activity, type OwnReview } from '../data/activity';
import { SALARY_LEAVES } from '../data/messages';
import { formatDate, formatGBP } from '../lib/format';

export { useActivity, type Activity };
type Status = Activity['reviews'][number]['status'];
type EditState = OwnReview['edit'];

const STATUS: Record<Status, { label: string; className: string }> = {
  approved: { label: 'Published', className: 'badge-success' },
  pending: { label: 'Pending approval', className: 'badge-warning' },
  rejected: { label: 'Not approved', className: 'badge-error' },
};

function Row({
  kind,
  title,
  detail,
  date,
  status,
  statusLabel,
  reason,
  hidden,
  edit,
  note,
  actions,
  testId,
}: {
  kind: string;
  title: React.ReactNode;
  detail?: React.ReactNode;
  date: string;
  status: Status;
  /** A label of its own for this kind (a salary: "In the averages"). */
  statusLabel?: string;
  reason?: string | null;
  hidden?: boolean;
  edit?: EditState;
  note?: React.ReactNode;
  actions?: React.ReactNode;
  testId?: string;
}) {
  const s = STATUS[status];
  return (
    <li className="bg-base-100 border border-base-300 rounded-box p-4 grid gap-1" data-testid={testId}>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="badge badge-ghost badge-sm">{kind}</span>
        <span className={`badge badge-sm ${s.className}`}>{statusLabel ?? s.label}</span>
        {hidden && <span className="badge badge-sm badge-error badge-soft">Hidden by reports</span>}
        {edit?.status === 'pending' && <span className="badge badge-sm badge-warning badge-soft">Edit pending</span>}
        {edit?.status === 'rejected' && <span className="badge badge-sm badge-error badge-soft">Edit not approved</span>}
        <span className="opacity-70">{formatDate(date)}</span>
      </div>
      <p className="font-medium">{title}</p>
      {detail && <p className="text-sm opacity-80 break-words">{detail}</p>}
      {status === 'rejected' && reason && <p className="text-sm text-error">Reason: {reason}</p>}
      {hidden && <p className="text-sm opacity-80">Reports have hidden it from others until a moderator looks at it.</p>}
      {edit?.status === 'pending' && (
        <p className="text-sm opacity-80">Your edit waits for a moderator; the published version shows until then.</p>
      )}
      {edit?.status === 'rejected' && (
        <p className="text-sm text-error">
          Your last edit was not approved; the published version stays.{edit.reason ? ` Reason: ${edit.reason}` : ''}
        </p>
      )}
      {note}
      {actions && (
        <div className="flex flex-wrap gap-2 justify-end" data-testid="own-actions">
          {actions}
        </div>
      )}
    </li>
  );
}

type Editing = OwnItem | null;
/** One line of the list, with the date it is sorted by. */
type Entry = { date: string; el: React.ReactNode };

const schoolLink = (r: { schoolId: number; schoolName: string }) => (
  <Link className="link link-hover" to={`/schools/${r.schoolId}`}>
    {r.schoolName}
  </Link>
);
const threadLink = (threadId: number, title: string) => (
  <Link className="link link-hover" to={`/forum/threads/${threadId}`}>
    {title}
  </Link>
);
const editedNote = (editedAt: string | null) =>
  editedAt ? <p className="text-xs opacity-70">Edited {formatDate(editedAt)}</p> : undefined;
const openThread = (threadId: number) => (
  <Link className="btn btn-ghost btn-sm min-h-11" to={`/forum/threads/${threadId}`}>
    Open the thread
  </Link>
);

/** Each kind of contribution: its label, its key's letter and its test id's word (a mood has none). */
const KINDS = {
  review: { label: 'Review', key: 'r', testId: 'review' },
  interview: { label: 'Interview', key: 'i', testId: 'interview' },
  salary: { label: 'Salary', key: 's', testId: 'salary' },
  mood: { label: 'Mood', key: 'm', testId: null },
  thread: { label: 'Discussion', key: 't', testId: 'thread' },
  reply: { label: 'Reply', key: 'p', testId: 'reply' },
} as const;

/** What a line shows of its item: its state, the moderator's reason, hidden by reports, her edit's state. */
type Item = { id: number; status: Status; rejectionReason?: string | null; hidden?: boolean; edit?: EditState };
type Shown = Pick<Parameters<typeof Row>[0], 'title' | 'detail' | 'statusLabel' | 'note' | 'actions'>;

/** One line of the list: the item of that kind, dated (and sorted) by `date`. */
function entry(kind: keyof typeof KINDS, item: Item, date: string, shown: Shown): Entry {
  const k = KINDS[kind];
  return {
    date,
    el: (
      <Row
        key={`${k.key}${item.id}`}
        testId={k.testId ? `mine-${k.testId}-${item.id}` : undefined}
        kind={k.label}
        date={date}
        status={item.status}
        reason={item.rejectionReason}
        hidden={item.hidden}
        edit={item.edit}
        {...shown}
      />
    ),
  };
}

/** Edit (in its own form) and Delete of her review or interview. */
function schoolContributionActions(editing: NonNullable<Editing>, where: string, edit: (e: Editing) => void) {
  const { kind, item } = editing;
  return (
    <>
      <EditOwnButton kind={kind} id={item.id} onEdit={() => edit(editing)} />
      <DeleteOwnButton kind={kind} id={item.id} where={`${where} ${item.schoolName}`} />
    </>
  );
}

function reviewEntries(reviews: Activity['reviews'], edit: (e: Editing) => void): Entry[] {
  return reviews.map((r) =>
    entry('review', r, r.createdAt, {
      title: schoolLink(r),
      detail: `${r.jobTitle ?? ''} · ${r.overallRating}/5`,
      actions: schoolContributionActions({ kind: 'review', item: r }, 'of', edit),
    }),
  );
}

function interviewEntries(interviews: Activity['interviews'], edit: (e: Editing) => void): Entry[] {
  return interviews.map((r) =>
    entry('interview', r, r.createdAt, {
      title: schoolLink(r),
      detail: `${r.jobTitle} · ${r.outcome}`,
      actions: schoolContributionActions({ kind: 'interview', item: r }, 'at', edit),
    }),
  );
}

function salaryEntries(salaries: Activity['salaries']): Entry[] {
  return salaries.map((r) =>
    entry('salary', r, r.createdAt, {
      title: `${r.jobTitle}, ${r.borough}`,
      detail: formatGBP(r.annualSalary),
      statusLabel: r.publishedAt ? 'In the published averages' : 'Waiting for the next daily update',
      note: r.publishedAt ? (
        <p className="text-xs opacity-70">If you delete it, {SALARY_LEAVES.charAt(0).toLowerCase() + SALARY_LEAVES.slice(1)}</p>
      ) : undefined,
      actions: <DeleteOwnButton kind="salary" id={r.id} where={`(${r.jobTitle}, ${r.borough})`} published={r.publishedAt !== null} />,
    }),
  );
}

function moodEntries(moods: Activity['moods']): Entry[] {
  return moods.map((r) =>
    entry('mood', r, r.updatedAt, {
      title: schoolLink(r),
      detail: `${r.emoji} ${MOODS.find((m) => m.mood === r.mood)?.label ?? r.mood}`,
    }),
  );
}

/** Her threads and replies: edited and deleted on the thread's page, so each links there. */
function forumEntries(threads: Activity['threads'], posts: Activity['posts']): Entry[] {
  return [
    ...threads.map((r) =>
      entry('thread', r, r.createdAt, {
        title: threadLink(r.id, r.title),
        detail: r.categoryName,
        note: editedNote(r.editedAt),
        actions: openThread(r.id),
      }),
    ),
    ...posts.map((r) =>
      entry('reply', r, r.createdAt, {
        title: threadLink(r.threadId, r.threadTitle),
        detail: r.content.slice(0, 120),
        note: editedNote(r.editedAt),
        actions: openThread(r.threadId),
      }),
    ),
  ];
}

/** Everything she wrote, newest first. */
function activityEntries(data: Activity, edit: (e: Editing) => void): Entry[] {
  return [
    ...reviewEntries(data.reviews, edit),
    ...interviewEntries(data.interviews, edit),
    ...salaryEntries(data.salaries),
    ...moodEntries(data.moods),
    ...forumEntries(data.threads, data.posts),
  ].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
}

const heading = (
  <h2 className="text-xl font-semibold mb-3" id="my-contributions">
    My contributions
  </h2>
);

function NoActivity() {
  return (
    <section aria-labelledby="my-contributions">
      {heading}
      <EmptyState icon="chat" title="No activity yet">
        <p>Review a school or share your salary to help other teachers.</p>
        <div className="flex flex-wrap justify-center gap-2 mt-3">
          <Link to="/schools" className="btn btn-primary btn-sm">
            Review a school
          </Link>
          <Link to="/salaries" className="btn btn-outline btn-sm">
            Share your salary
          </Link>
        </div>
      </EmptyState>
    </section>
  );
}

/** The dashboard's Activity tab: every contribution with its moderation state, Edit and Delete where allowed. */
export function ActivityList() {
  const { data, error, isLoading, mutate } = useActivity();
  const [editing, setEditing] = useState<Editing>(null);
  if (error && !data) return <ErrorState error={error} retry={() => mutate()} />;
  if (isLoading || !data)
    return (
      <div aria-label="Loading your contributions">
        <SkeletonList count={3} lines={2} />
      </div>
    );
  const rows = activityEntries(data, setEditing);
  if (rows.length === 0) return <NoActivity />;
  return (
    <section aria-labelledby="my-contributions">
      {heading}
      <ul className="grid gap-3" data-testid="activity">
        {rows.map((r) => r.el)}
      </ul>
      {editing && <EditOwnDialog own={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
