import type { Job } from '../data/client';
import { formatSalaryRange, plainMarkdown, timeAgo } from '../lib/format';
import { PostedBySchoolBadge, RatingBadge } from './badges';
import { CardLink } from './CardLink';
import { closingLabel } from './closing';
import { Icon } from './Icon';

/**
 * A job in a list. One tap target, as the forum's thread cards: the title's link to the job's own
 * page (/jobs/{id}) covers the whole card (after:inset-0), so a tap anywhere opens it, while the
 * school's link, the save heart and "View on GOV.UK" sit above it (z-2) and stay their own taps;
 * keyboards and screen readers meet the title's link, named by the title, with nothing nested in it.
 */
export function JobCard({
  job,
  compact = false,
  actions,
  distance,
  takeHome,
}: {
  job: Job;
  compact?: boolean;
  actions?: React.ReactNode;
  distance?: string;
  /** The job's take-home a month (web/features/take-home's JobCardTakeHome), under the salary. */
  takeHome?: React.ReactNode;
}) {
  const salary = formatSalaryRange(job.salaryMin, job.salaryMax) ?? job.salaryText;
  const tags = [job.contractType, job.keyStage, job.subject].filter(Boolean) as string[];
  return (
    <article
      className="card relative isolate bg-base-100 border border-base-300 shadow-sm hover:shadow-md transition-shadow has-[h3_a:focus-visible]:outline-2 has-[h3_a:focus-visible]:outline-offset-2 has-[h3_a:focus-visible]:outline-primary"
      data-testid="job-card"
    >
      <div className="card-body gap-2 p-5">
        <div className="flex items-start gap-2">
          <h3 className="card-title text-base leading-snug flex-1">
            <CardLink
              to={`/jobs/${job.id}`}
              className="link link-hover focus-visible:outline-none after:absolute after:inset-0 after:z-[1] after:rounded-box"
            >
              {job.title}
            </CardLink>
          </h3>
          {actions && <div className="relative z-[2] shrink-0">{actions}</div>}
        </div>
        <Employer job={job} />
        <p className="text-sm opacity-80 flex items-center gap-1">
          <Icon name="pin" className="size-4" />
          {job.borough}
          {distance && (
            <span className="font-semibold" data-testid="distance">
              · {distance}
            </span>
          )}
        </p>
        {tags.length > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label="Job details">
            {tags.map((t) => (
              <li key={t} className="badge badge-ghost badge-sm">
                {t}
              </li>
            ))}
          </ul>
        )}
        {salary && <p className="text-sm font-semibold text-success">{salary}</p>}
        {salary && takeHome}
        {!compact && (
          <p className="text-sm opacity-80 line-clamp-3 whitespace-pre-line">
            {job.postedBySchool ? plainMarkdown(job.description) : job.description}
          </p>
        )}
        <JobCardFooter job={job} />
      </div>
    </article>
  );
}

/** Who offers the job: the school (with its rating) or the employer named, and where the advert comes from. */
function Employer({ job }: { job: Job }) {
  return (
    <p className="text-sm">
      {job.school ? (
        <CardLink to={`/schools/${job.school.id}`} className="link link-primary font-medium relative z-[2]">
          {job.school.name}
        </CardLink>
      ) : (
        <span className="font-medium">{job.employerName ?? 'Employer not stated'}</span>
      )}
      {job.school && job.schoolRating != null && (
        <span className="ml-2 align-middle" data-testid="school-rating">
          <RatingBadge value={job.schoolRating} />
        </span>
      )}
      {job.isExternal && job.externalSource && <span className="badge badge-outline badge-sm ml-2 align-middle">{job.externalSource}</span>}
      {job.postedBySchool && <PostedBySchoolBadge className="ml-2 align-middle" />}
    </p>
  );
}

/** When it was posted and when it closes, and where to read the whole advert. */
function JobCardFooter({ job }: { job: Job }) {
  const closing = closingLabel(job.applicationDeadline);
  return (
    <div className="card-actions items-center justify-between mt-1">
      <span className="text-xs grid gap-0.5">
        <span className="opacity-70">Posted {timeAgo(job.postedAt)}</span>
        {closing && (
          <span
            className={`inline-flex items-center gap-1 ${closing.tone === 'later' ? 'opacity-70' : closing.tone === 'soon' ? 'font-semibold text-secondary' : 'font-semibold opacity-70'}`}
            data-testid="closing"
          >
            <Icon name="calendar" className="size-3.5" />
            {closing.text}
          </span>
        )}
      </span>
      {job.isExternal && job.externalUrl ? (
        <a href={job.externalUrl} target="_blank" rel="noopener noreferrer" className="btn btn-sm btn-outline btn-primary relative z-[2]">
          View on GOV.UK
          <Icon name="external" className="size-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : (
        <CardLink to={`/jobs/${job.id}`} className="btn btn-sm btn-primary relative z-[2]">
          View Details
        </CardLink>
      )}
    </div>
  );
}
