// /manage/schools/{id}/jobs: the school's own vacancies for its verified staff (decision 2104),
// by where they stand (drafts, scheduled, live, ended, closed), each with its views, saves and
// apply clicks (counts only, never who), edit, and close early after a confirmation.
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Dialog } from '../components/Dialog';
import { Icon } from '../components/Icon';
import { Breadcrumb, EmptyState, ErrorState, SkeletonList } from '../components/states';
import { write } from '../data/writes';
import { client } from '../data/client';
import { SUCCESS } from '../data/messages';
import { to } from '../data/requests';
import { useSchoolJobs, type SchoolJob } from '../data/school-jobs';
import { formatDate, formatSalaryRange } from '../lib/format';
import { useLiveQuery } from '../offline/live';
import { userQueue } from '../offline/queue';
import { Frame, NotStaff, positive, useSchoolStaff } from './staff';

const GROUPS: { state: SchoolJob['state']; title: string; badge: string; note?: string }[] = [
  { state: 'draft', title: 'Drafts', badge: 'badge-ghost', note: 'Only your school’s staff see drafts.' },
  { state: 'scheduled', title: 'Scheduled', badge: 'badge-info' },
  { state: 'live', title: 'Live', badge: 'badge-success' },
  { state: 'ended', title: 'Ended', badge: 'badge-warning', note: 'Past their closing date or a month on the board.' },
  { state: 'closed', title: 'Closed', badge: 'badge-neutral' },
];
const STATE_LABEL: Record<SchoolJob['state'], string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  live: 'Live',
  ended: 'Ended',
  closed: 'Closed',
};

const closingText = (at: string | null) =>
  at
    ? `Closes ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' }).format(new Date(at))}`
    : 'No closing date yet';

function when(job: SchoolJob): string {
  switch (job.state) {
    case 'draft':
      return `Saved ${formatDate(job.updatedAt)}`;
    case 'scheduled':
      return `Goes live ${formatDate(job.postedAt)}`;
    case 'closed':
      return `Closed ${job.closedAt ? formatDate(job.closedAt) : ''}`;
    default:
      return `Posted ${formatDate(job.postedAt)}`;
  }
}

/** This user's queue on this device (a stable function: useLiveQuery subscribes once). */
const readQueue = () => userQueue();

/** Jobs written or closed offline: saved on this device, sent once the phone is back online. */
function Waiting() {
  const items = useLiveQuery(readQueue)?.items.filter((i) => i.kind === 'school-job') ?? [];
  if (!items.length) return null;
  return (
    <div role="status" className="alert alert-info text-sm" data-testid="jobs-waiting">
      <span>
        Waiting to be sent from this device: {items.map((i) => i.label).join('; ')}. They are sent when you are back online;{' '}
        <Link to="/dashboard#queued" className="link">
          see them on your dashboard
        </Link>
        .
      </span>
    </div>
  );
}

function Counts({ job }: { job: SchoolJob }) {
  const items = [
    { label: 'Views', value: job.counts.views },
    { label: 'Saves', value: job.counts.saves },
    { label: 'Apply clicks', value: job.counts.applyClicks },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 text-center" data-testid="job-counts">
      {items.map((i) => (
        <div key={i.label} className="rounded-box bg-base-200 py-2 flex flex-col-reverse">
          <dt className="text-xs opacity-80">{i.label}</dt>
          <dd className="text-xl font-bold" data-testid={`count-${i.label.toLowerCase().replace(' ', '-')}`}>
            {i.value.toLocaleString('en-GB')}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function JobRow({ job, schoolId, onClose }: { job: SchoolJob; schoolId: number; onClose: (job: SchoolJob) => void }) {
  const group = GROUPS.find((g) => g.state === job.state)!;
  const publicPage = job.state !== 'draft' && job.state !== 'scheduled';
  const salary = job.salaryText ?? formatSalaryRange(job.salaryMin, job.salaryMax);
  return (
    <li className="card bg-base-100 border border-base-300" data-testid="school-job" data-job-id={job.id}>
      <div className="card-body p-4 gap-3">
        <div className="flex flex-wrap items-start gap-2">
          <h3 className="font-semibold text-lg flex-1 min-w-0 break-words">
            {publicPage ? (
              <Link to={`/jobs/${job.id}`} className="link link-hover">
                {job.title}
              </Link>
            ) : (
              job.title
            )}
          </h3>
          <span className={`badge ${group.badge}`}>{STATE_LABEL[job.state]}</span>
        </div>
        <p className="text-sm opacity-80">
          {when(job)} · {job.state === 'closed' ? 'No longer taking applications' : closingText(job.applicationDeadline)}
          {salary ? ` · ${salary}` : ''}
        </p>
        {job.state !== 'draft' && <Counts job={job} />}
        {job.state !== 'closed' && (
          <div className="card-actions">
            <Link to={`/manage/schools/${schoolId}/jobs/${job.id}/edit`} className="btn btn-sm btn-primary tap">
              <Icon name="edit" className="size-4" /> Edit
            </Link>
            {job.state !== 'draft' && (
              <button type="button" className="btn btn-sm btn-outline tap" onClick={() => onClose(job)}>
                Close early
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

function CloseDialog({ job, onDone }: { job: SchoolJob | null; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const close = async () => {
    if (!job) return;
    setBusy(true);
    await write(
      { kind: 'school-job', label: `Close ${job.title}`, ...to(client.jobs[':id'].close, '$post', { param: { id: String(job.id) } }) },
      {
        success: SUCCESS.schoolJobClosed,
        signIn: "Please sign in to post your school's jobs.",
        error: { description: 'The job could not be closed. Please try again.' },
        preferServerMessage: true,
      },
    );
    setBusy(false);
    onDone();
  };
  return (
    <Dialog open={!!job} onClose={onDone} title="Close this job early?">
      <p>
        <strong>{job?.title}</strong> leaves the Jobs board, search and alerts now. Its page stays up and says it is closed. A closed job
        cannot be opened again.
      </p>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost tap" onClick={onDone} disabled={busy}>
          Keep it open
        </button>
        <button type="button" className="btn btn-error tap" onClick={() => void close()} disabled={busy} data-autofocus>
          {busy && <span className="loading loading-spinner loading-sm" />}
          Close the job
        </button>
      </div>
    </Dialog>
  );
}

export function SchoolJobsPage() {
  const params = useParams();
  const schoolId = positive(params.id);
  const staff = useSchoolStaff(schoolId);
  const { data, error, mutate } = useSchoolJobs(staff.school ? schoolId : undefined);
  const [closing, setClosing] = useState<SchoolJob | null>(null);
  const doneClosing = useCallback(() => setClosing(null), []);
  const here = `/manage/schools/${params.id}/jobs`;
  if (staff.denied) return <NotStaff signedOut={staff.signedOut} here={here} />;
  const name = staff.school?.name;
  const post = (
    <Link to={`${here}/new`} className="btn btn-primary tap" data-testid="post-job">
      <Icon name="briefcase" className="size-4" /> Post a job
    </Link>
  );
  return (
    <Frame>
      <Breadcrumb items={[{ to: '/school-admin', label: 'School dashboard' }, { label: 'Jobs' }]} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{name ? `Jobs at ${name}` : 'Jobs'}</h1>
        {post}
      </div>
      <p className="text-sm opacity-80">Views, saves and apply clicks are counts only: you never see who.</p>
      <Waiting />
      {staff.error || error ? (
        <ErrorState
          error={staff.error ?? error}
          retry={() => {
            staff.retry();
            void mutate();
          }}
        />
      ) : !data ? (
        <SkeletonList count={2} lines={3} />
      ) : data.length === 0 ? (
        <EmptyState icon="briefcase" title="No jobs yet">
          Post your first vacancy: it goes on the Jobs board as "Posted by the school", or save it as a draft first.
          <div className="mt-3">{post}</div>
        </EmptyState>
      ) : (
        GROUPS.map((g) => {
          const jobs = data.filter((j) => j.state === g.state);
          if (!jobs.length) return null;
          return (
            <section key={g.state} aria-labelledby={`jobs-${g.state}`} className="grid gap-2" data-testid={`jobs-${g.state}`}>
              <h2 id={`jobs-${g.state}`} className="text-xl font-semibold">
                {g.title} <span className="font-normal">({jobs.length})</span>
              </h2>
              {g.note && <p className="text-sm opacity-80">{g.note}</p>}
              <ul className="grid gap-3">
                {jobs.map((j) => (
                  <JobRow key={j.id} job={j} schoolId={schoolId!} onClose={setClosing} />
                ))}
              </ul>
            </section>
          );
        })
      )}
      <CloseDialog job={closing} onDone={doneClosing} />
    </Frame>
  );
}
