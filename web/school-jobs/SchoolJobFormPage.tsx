// /manage/schools/{id}/jobs/new and /manage/schools/{id}/jobs/{jobId}/edit: the job form for the
// school's verified staff (decision 2104). Editing keeps the job's id; a closed job is not edited.
import { Link, useParams } from 'react-router-dom';
import { Icon } from '../components/Icon';
import { Breadcrumb, CardSkeleton, EmptyState, ErrorState } from '../components/states';
import { useSchoolJobs } from '../data/school-jobs';
import { JobDocuments } from './JobDocuments';
import { JobForm } from './JobForm';
import { Frame, NotStaff, positive, useSchoolStaff } from './staff';

export function SchoolJobFormPage() {
  const params = useParams();
  const schoolId = positive(params.id);
  const jobId = positive(params.jobId);
  const staff = useSchoolStaff(schoolId);
  const jobs = useSchoolJobs(jobId && staff.school ? schoolId : undefined);
  const here = `/manage/schools/${params.id}/jobs/${jobId ? `${jobId}/edit` : 'new'}`;
  const listPath = `/manage/schools/${params.id}/jobs`;
  if (staff.denied) return <NotStaff signedOut={staff.signedOut} here={here} />;
  if (staff.error || jobs.error)
    return (
      <Frame>
        <ErrorState
          error={staff.error ?? jobs.error}
          retry={() => {
            staff.retry();
            void jobs.mutate();
          }}
        />
      </Frame>
    );
  const job = jobId ? jobs.data?.find((j) => j.id === jobId) : undefined;
  if (!staff.school || (jobId && !jobs.data))
    return (
      <Frame>
        <CardSkeleton lines={8} />
      </Frame>
    );
  const name = staff.school.name;
  const crumbs = (
    <Breadcrumb
      items={[
        { to: '/school-admin', label: 'School dashboard' },
        { to: listPath, label: 'Jobs' },
        { label: jobId ? 'Edit' : 'Post a job' },
      ]}
    />
  );
  if (jobId && !job)
    return (
      <Frame>
        {crumbs}
        <NotOurJob name={name} listPath={listPath} />
      </Frame>
    );
  if (job?.state === 'closed')
    return (
      <Frame>
        {crumbs}
        <ClosedJob schoolId={schoolId!} />
      </Frame>
    );
  return (
    <Frame>
      {crumbs}
      <h1 className="text-2xl font-bold flex items-center gap-2">
        <Icon name="briefcase" className="size-6" /> {job ? `Edit: ${job.title}` : `Post a job at ${name}`}
      </h1>
      <p className="text-sm opacity-80">
        {job
          ? 'Changes keep the same job page and address.'
          : 'It shows on the Jobs board as "Posted by the school", with its own page. Every change is kept in the school\'s audit log.'}
      </p>
      <JobForm key={job?.id ?? 'new'} schoolId={schoolId!} schoolName={name} job={job} />
      <JobDocuments jobId={job?.id} />
    </Frame>
  );
}

function NotOurJob({ name, listPath }: { name: string; listPath: string }) {
  return (
    <EmptyState icon="briefcase" title="Job not found">
      It is not one of {name}'s jobs.{' '}
      <Link to={listPath} className="link link-primary">
        The school's jobs
      </Link>
    </EmptyState>
  );
}

function ClosedJob({ schoolId }: { schoolId: number }) {
  return (
    <EmptyState icon="briefcase" title="This job is closed">
      A closed job is not edited: post a new one instead.{' '}
      <Link to={`/manage/schools/${schoolId}/jobs/new`} className="link link-primary">
        Post a job
      </Link>
    </EmptyState>
  );
}
