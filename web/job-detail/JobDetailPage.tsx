import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { closingDateText } from '../components/closing';
import { Icon } from '../components/Icon';
import { SaveJobButton } from '../features/save-job/SaveJobButton';
import { PostedBySchoolBadge } from '../components/badges';
import { RenderedMarkdown } from '../components/RenderedMarkdown';
import { MissingItem } from '../components/MissingItem';
import { Breadcrumb, CardSkeleton, ErrorState } from '../components/states';
import { ApiRequestError } from '../data/client';
import type { JobPage } from '../data/client';
import { useJob } from '../data/hooks';
import { countJobEvent } from '../data/job-events';
import { formatDate, formatSalaryRange } from '../lib/format';
import { later } from '../lib/later';
import { JobDocumentList } from './JobDocumentList';

// "Share" (the device's share sheet, else the address copied): server-rendered, hydrated after the rest.
const ShareButton = later(() => import('../components/ShareButton').then((m) => m.ShareButton));
// What teachers say about the school (issue 37): a part after the first render (the server renders
// it as usual), so the job's first load does not carry it.
const SchoolVoice = later(() => import('./SchoolVoice').then((m) => m.SchoolVoice));
// Its take-home a month with her settings (issue 38): the engine's chunk, computed on the device.
const JobTakeHome = later(() => import('../features/take-home/TakeHomeParts').then((m) => m.JobTakeHome));

function Block({ title, text }: { title: string; text: string | null | undefined }) {
  if (!text) return null;
  return (
    <section className="mt-6">
      <h2 className="text-lg font-semibold mb-2">{title}</h2>
      <p className="whitespace-pre-line leading-relaxed">{text}</p>
    </section>
  );
}

/** Sanitised HTML the server rendered from a school's Markdown (api/markdown/render.ts: no raw HTML, no images, safe links only). */
function Rendered({ title, html }: { title: string; html: string | null | undefined }) {
  if (!html) return null;
  return (
    <section className="mt-6">
      <h2 className="text-lg font-semibold mb-2">{title}</h2>
      <RenderedMarkdown html={html} />
    </section>
  );
}

/**
 * A job's terms: contract (and its length), working pattern, start, key stages, then a school's own
 * job's ECT and visa answers. A Teaching Vacancies advert states those its feed carries (its
 * employmentType gives the pattern and a fixed-term contract; the key stage is read from its title
 * or school); a term nobody stated is left out.
 */
function jobFacts(job: JobPage): { label: string; value: string }[] {
  const facts: { label: string; value: string }[] = [];
  if (job.roleType) facts.push({ label: 'Role', value: job.roleType });
  if (job.contract)
    facts.push({
      label: 'Contract',
      value: job.contract === 'Fixed term' && job.contractMonths ? `Fixed term (${job.contractMonths} months)` : job.contract,
    });
  const hours = [job.fullTime && 'Full time', job.partTime && 'Part time'].filter(Boolean).join(' or ');
  if (hours) facts.push({ label: 'Working pattern', value: hours });
  if (job.startDate) facts.push({ label: 'Start date', value: formatDate(`${job.startDate}T12:00:00Z`) });
  const stages = job.keyStages ?? job.keyStage;
  if (stages) facts.push({ label: stages.includes(',') ? 'Key stages' : 'Key stage', value: stages });
  if (job.ectSuitable != null)
    facts.push({
      label: 'Early career teachers',
      value: job.ectSuitable ? 'Suitable for early career teachers' : 'Not suitable for early career teachers',
    });
  if (job.visaSponsorship != null)
    facts.push({ label: 'Visa sponsorship', value: job.visaSponsorship ? 'Visa sponsorship available' : 'No visa sponsorship' });
  // The school's contact for questions (decision 2115), as Teaching Vacancies shows it.
  const contact = [job.contactName, job.contactEmail].filter(Boolean).join(', ');
  if (contact) facts.push({ label: 'Questions about the job', value: contact });
  return facts;
}

/** How to apply to a school's own job: its website or an email address; the click is counted (never who). */
function ApplyLink({ job }: { job: JobPage }) {
  const href =
    job.applyUrl ?? (job.applyEmail ? `mailto:${job.applyEmail}?subject=${encodeURIComponent(`Application: ${job.title}`)}` : null);
  if (!href) return null;
  const external = !!job.applyUrl;
  return (
    <a
      href={href}
      className="btn btn-primary"
      rel={external ? 'noopener noreferrer nofollow' : undefined}
      target={external ? '_blank' : undefined}
      onClick={() => countJobEvent(job.id, 'apply-click')}
    >
      {external ? "Apply on the school's website" : `Apply by email (${job.applyEmail})`}
      {external && (
        <>
          <Icon name="external" className="size-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </>
      )}
    </a>
  );
}

/** The job's title (with Share and Save), its employer, its borough and its tags. */
function JobHeading({ job }: { job: JobPage }) {
  return (
    <>
      <div className="flex items-start gap-2">
        <h1 id="job-title" className="text-2xl sm:text-3xl font-bold flex-1">
          {job.title}
        </h1>
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
        {job.postedBySchool && <PostedBySchoolBadge className="ml-2" />}
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
    </>
  );
}

/** Salary, posting date and closing date (with the time the school set), then the job's terms. */
function JobFacts({ job }: { job: JobPage }) {
  const terms = jobFacts(job);
  return (
    <>
      <dl className="grid sm:grid-cols-3 gap-3 mt-3 text-sm">
        <div className="bg-base-200 rounded-box p-3">
          <dt className="opacity-70">Salary</dt>
          <dd className="font-semibold text-success">
            <span data-testid="job-salary">{formatSalaryRange(job.salaryMin, job.salaryMax) ?? job.salaryText ?? 'Not stated'}</span>
            {job.salaryMin != null && job.salaryText && (
              <span className="block text-xs font-normal text-base-content/70">{job.salaryText}</span>
            )}
            {/* Two lines kept from a tablet up, where this box is a third of the row and the line wraps. */}
            <JobTakeHome job={job} className="font-normal text-base-content mt-1 sm:min-h-10" />
          </dd>
        </div>
        <div className="bg-base-200 rounded-box p-3">
          <dt className="opacity-70">Posted</dt>
          <dd className="font-semibold">{formatDate(job.postedAt)}</dd>
        </div>
        <div className="bg-base-200 rounded-box p-3">
          <dt className="opacity-70">Closing date</dt>
          <dd className="font-semibold" data-testid="job-closing">
            {job.applicationDeadline ? closingDateText(job.applicationDeadline) : 'Not stated'}
          </dd>
        </div>
      </dl>
      {terms.length > 0 && (
        <dl className="grid sm:grid-cols-2 gap-x-4 gap-y-1 mt-3 text-sm" aria-label="Terms" data-testid="job-terms">
          {terms.map((f) => (
            <div key={f.label} className="flex flex-wrap gap-x-2">
              <dt className="opacity-70">{f.label}:</dt>
              <dd className="font-medium">{f.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}

/**
 * The advert in two cards with the school's voice beside it: on a phone the heading and facts, then
 * what teachers say, then the description; from lg the voice is a column at the side.
 */
function JobArticle({ job }: { job: JobPage }) {
  const closed = job.status === 'closed';
  return (
    <div className="grid gap-4 mt-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <article className="card bg-base-100 border border-base-300 lg:col-start-1" aria-labelledby="job-title">
        <div className="card-body p-5 sm:p-8">
          {closed && (
            <div role="status" className="alert alert-warning">
              <Icon name="warning" className="size-5" />
              <span>
                <strong>This job is closed.</strong> The school stopped taking applications
                {job.closedAt ? ` on ${formatDate(job.closedAt)}` : ''}.{' '}
                <Link to="/jobs" className="link">
                  Browse current jobs
                </Link>
              </span>
            </div>
          )}
          <JobHeading job={job} />
          <JobFacts job={job} />
        </div>
      </article>
      <div className="lg:col-start-2 lg:row-start-1 lg:row-span-2 lg:sticky lg:top-4">
        <SchoolVoice job={job} />
      </div>
      <section className="card bg-base-100 border border-base-300 lg:col-start-1" aria-label="The advert">
        <div className="card-body p-5 sm:p-8 [&>section:first-child]:mt-0">
          <JobText job={job} />
          <div className="card-actions mt-6">
            {job.postedBySchool && !closed && <ApplyLink job={job} />}
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
      </section>
    </div>
  );
}

/** The advert's words: a school's rendered Markdown, or a feed's plain text. */
function JobText({ job }: { job: JobPage }) {
  return job.postedBySchool ? (
    <>
      <Rendered title="Description" html={job.descriptionHtml} />
      <Rendered title="What we offer" html={job.benefitsHtml} />
      <JobDocumentList documents={job.documents} />
    </>
  ) : (
    <>
      <Block title="Description" text={job.description} />
      <Block title="Requirements" text={job.requirements} />
      <Block title="Benefits" text={job.benefits} />
    </>
  );
}

export function JobDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data: job, error, mutate } = useJob(valid ? id : undefined);
  const notFound = !valid || (error instanceof ApiRequestError && (error.status === 404 || error.status === 400));
  const closed = job?.status === 'closed';
  // A view of a school's live job is counted once per page (the server counts a viewer once a day).
  const counted = job && job.postedBySchool && !closed ? job.id : null;
  useEffect(() => {
    if (counted) countJobEvent(counted, 'view');
  }, [counted]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <Breadcrumb items={[{ to: '/', label: 'Home' }, { to: '/jobs', label: 'Jobs' }, { label: job?.title ?? 'Job' }]} />
      {notFound ? (
        <MissingItem
          icon="briefcase"
          title="Job not found"
          why="This job may have closed or been removed."
          back={{ to: '/jobs', label: 'Browse current jobs' }}
        />
      ) : error && !job ? (
        // A failed refresh keeps the job on the screen; the error stands in only for one never shown.
        <div className="mt-6">
          <ErrorState error={error} retry={() => mutate()} />
        </div>
      ) : !job ? (
        <div className="mt-6">
          <CardSkeleton lines={8} />
        </div>
      ) : (
        <JobArticle job={job} />
      )}
    </div>
  );
}
