import { Link } from 'react-router-dom';
import { Icon } from '../components/Icon';
import { SaveJobButton } from '../features/save-job/SaveJobButton';
import { EmptyState, ErrorState, SkeletonList } from '../components/states';
import { useSavedJobs } from '../data/hooks';
import { formatDate, formatSalaryRange } from '../lib/format';

/** The dashboard's Saved Jobs tab (product §2): mounted by web/dashboard/DashboardPage.tsx. */
export function SavedJobsList() {
  const { data, error, isLoading, mutate } = useSavedJobs();
  if (error && !data) return <ErrorState error={error} retry={() => mutate()} />;
  if (isLoading || !data) return <SkeletonList count={3} lines={3} />;
  if (data.length === 0)
    return (
      <EmptyState icon="heart" title="No saved jobs yet">
        <p>Tap the heart on any job to keep it here.</p>
        <Link to="/jobs" className="btn btn-primary btn-sm mt-3">
          Browse jobs
        </Link>
      </EmptyState>
    );
  return (
    <ul className="grid gap-4 md:grid-cols-2" data-testid="saved-jobs">
      {data.map(({ id, createdAt, job }) => {
        const salary = formatSalaryRange(job.salaryMin, job.salaryMax) ?? job.salaryText;
        return (
          <li key={id}>
            <article className="card bg-base-100 border border-base-300 h-full">
              <div className="card-body p-5 gap-2">
                <div className="flex items-start gap-2">
                  <h3 className="card-title text-base flex-1">{job.title}</h3>
                  <SaveJobButton jobId={job.id} title={job.title} />
                </div>
                {job.school && (
                  <Link to={`/schools/${job.school.id}`} className="link link-primary text-sm font-medium w-fit">
                    {job.school.name}
                  </Link>
                )}
                <p className="text-sm opacity-80 flex items-center gap-1">
                  <Icon name="pin" className="size-4" /> {job.borough}
                </p>
                <ul className="flex flex-wrap gap-1" aria-label="Job details">
                  {[job.contractType, job.keyStage].filter(Boolean).map((t) => (
                    <li key={t} className="badge badge-ghost badge-sm">
                      {t}
                    </li>
                  ))}
                </ul>
                {salary && <p className="text-sm font-semibold text-success">{salary}</p>}
                <p className="text-sm opacity-80 line-clamp-3">{job.description}</p>
                <p className="text-xs opacity-70">
                  Posted {formatDate(job.postedAt ?? job.createdAt)} · Saved {formatDate(createdAt)}
                  {job.applicationDeadline && ` · Closes ${formatDate(job.applicationDeadline)}`}
                </p>
                <div className="card-actions justify-end">
                  <Link to={`/jobs/${job.id}`} className="btn btn-primary btn-sm">
                    View Job
                  </Link>
                </div>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
