import { Link, useParams } from 'react-router-dom';
import { NotFoundStatus } from '../app/page-status';
import { Icon } from '../components/Icon';
import { SaveJobButton } from '../components/SaveJobButton';
import { ShareButton } from '../components/ShareButton';
import { Breadcrumb, CardSkeleton, EmptyState, ErrorState } from '../components/states';
import { ApiRequestError } from '../data/client';
import { useJob } from '../data/hooks';
import { formatDate, formatSalaryRange } from '../lib/format';

function Block({ title, text }: { title: string; text: string | null | undefined }) {
  if (!text) return null;
  return (
    <section className="mt-6">
      <h2 className="text-lg font-semibold mb-2">{title}</h2>
      <p className="whitespace-pre-line leading-relaxed">{text}</p>
    </section>
  );
}

export function JobDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data: job, error, mutate } = useJob(valid ? id : undefined);
  const notFound = !valid || (error instanceof ApiRequestError && (error.status === 404 || error.status === 400));

  return (
    <div className="mx-auto max-w-4xl px-4 py-6">
      <Breadcrumb items={[{ to: '/', label: 'Home' }, { to: '/jobs', label: 'Jobs' }, { label: job?.title ?? 'Job' }]} />
      {notFound ? (
        <div className="mt-6">
          <NotFoundStatus />
          <EmptyState icon="briefcase" title="Job not found">
            This job may have closed or been removed.{' '}
            <Link to="/jobs" className="link link-primary">
              Browse current jobs
            </Link>
          </EmptyState>
        </div>
      ) : error ? (
        <div className="mt-6">
          <ErrorState error={error} retry={() => mutate()} />
        </div>
      ) : !job ? (
        <div className="mt-6">
          <CardSkeleton lines={8} />
        </div>
      ) : (
        <article className="card bg-base-100 border border-base-300 mt-4">
          <div className="card-body p-5 sm:p-8">
            <div className="flex items-start gap-2">
              <h1 className="text-2xl sm:text-3xl font-bold flex-1">{job.title}</h1>
              <div className="flex gap-1 shrink-0">
                <ShareButton
                  title={job.title}
                  text={[job.title, job.school?.name ?? job.employerName].filter(Boolean).join(' at ')}
                  path={`/jobs/${job.id}`}
                />
                <SaveJobButton jobId={job.id} title={job.title} />
              </div>
            </div>
            <p>
              {job.school ? (
                <Link to={`/schools/${job.school.id}`} className="link link-primary font-medium">
                  {job.school.name}
                </Link>
              ) : (
                <span className="font-medium">{job.employerName ?? 'Employer not stated'}</span>
              )}
              {job.isExternal && job.externalSource && <span className="badge badge-outline badge-sm ml-2">{job.externalSource}</span>}
            </p>
            <p className="flex items-center gap-1 opacity-80">
              <Icon name="pin" className="size-4" /> {job.borough}
            </p>
            <ul className="flex flex-wrap gap-1" aria-label="Job details">
              {[...new Set([job.contractType, job.keyStage, job.subject, job.educationLevel].filter(Boolean))].map((t) => (
                <li key={t} className="badge badge-ghost">
                  {t}
                </li>
              ))}
            </ul>
            <dl className="grid sm:grid-cols-3 gap-3 mt-3 text-sm">
              <div className="bg-base-200 rounded-box p-3">
                <dt className="opacity-70">Salary</dt>
                <dd className="font-semibold text-success" data-testid="job-salary">
                  {formatSalaryRange(job.salaryMin, job.salaryMax) ?? job.salaryText ?? 'Not stated'}
                </dd>
              </div>
              <div className="bg-base-200 rounded-box p-3">
                <dt className="opacity-70">Posted</dt>
                <dd className="font-semibold">{formatDate(job.postedAt)}</dd>
              </div>
              <div className="bg-base-200 rounded-box p-3">
                <dt className="opacity-70">Closing date</dt>
                <dd className="font-semibold">{job.applicationDeadline ? formatDate(job.applicationDeadline) : 'Not stated'}</dd>
              </div>
            </dl>
            <Block title="Description" text={job.description} />
            <Block title="Requirements" text={job.requirements} />
            <Block title="Benefits" text={job.benefits} />
            <div className="card-actions mt-6">
              {job.isExternal && job.externalUrl && (
                <a href={job.externalUrl} target="_blank" rel="noopener noreferrer" className="btn btn-primary">
                  View on GOV.UK <Icon name="external" className="size-4" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              )}
              <Link to="/jobs" className="btn btn-ghost">
                Back to jobs
              </Link>
            </div>
          </div>
        </article>
      )}
    </div>
  );
}
