// A school's sections other than the Overview (the first, the one the server renders): its
// reviews, interviews, jobs and teachers' mood, in a chunk of their own that loads when a section is
// first opened (or once the page is idle), so a school's first load carries none of them.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, SkeletonList } from '../components/states';
import { Icon } from '../components/Icon';
import { JobCard } from '../components/JobCard';
import { JobCardTakeHome } from '../features/take-home/later-parts';
import { ReportButton } from '../features/report/ReportButton';
import { SaveJobButton } from '../features/save-job/SaveJobButton';
import { EditOwnDialog } from '../features/contribute/ContributeDialogs';
import { DeleteOwnButton, EditOwnButton } from '../features/contribute/OwnActions';
import { EditStateNote } from '../features/contribute/EditStateNote';
import { useMine, type OwnInterview, type OwnReview } from '../data/activity';
import { useSchoolInterviewPages, useSchoolReviewPages } from '../data/page-hooks';
import { useIsSchoolStaff } from '../data/my-schools';
import { formatDate } from '../lib/format';
import { RespondButton, SchoolResponse } from './ReviewResponse';
import { Stars } from './Stars';
import { LoadMore } from '../components/LoadMore';

export { MoodSection } from './MoodSection';

/** "Your review": she alone sees it on her own item (her ids come from her activity, decision 2020). */
function YoursBadge({ what }: { what: string }) {
  return (
    <span className="badge badge-info badge-soft" data-testid="yours">
      Your {what}
    </span>
  );
}

export function Reviews({ schoolId, schoolName }: { schoolId: number; schoolName: string }) {
  const pages = useSchoolReviewPages(schoolId);
  const { rows: data, error, isLoading, mutate } = pages;
  // The school's own staff answer reviews; they never edit, hide or reorder them (decision 2111).
  const staff = useIsSchoolStaff(schoolId);
  const mine = useMine().reviews;
  const [editing, setEditing] = useState<OwnReview | null>(null);
  if (error) return <ErrorState error={error} retry={() => mutate()} />;
  if (isLoading || !data) return <SkeletonList count={3} lines={4} />;
  if (data.length === 0)
    return (
      <EmptyState icon="star" title="No reviews yet">
        Be the first teacher to review this school.
      </EmptyState>
    );
  return (
    <>
      <ul className="grid gap-4" data-testid="review-list">
        {data.map((r) => (
          <ReviewCard key={r.id} review={r} own={mine.get(r.id)} staff={staff} schoolName={schoolName} onEdit={setEditing} />
        ))}
      </ul>
      <LoadMore pages={pages} label="Load more reviews" button="btn btn-outline btn-sm" />
      {editing && <EditOwnDialog own={{ kind: 'review', item: editing }} onClose={() => setEditing(null)} />}
    </>
  );
}

type Review = NonNullable<ReturnType<typeof useSchoolReviewPages>['rows']>[number];

/** One review: its ratings and text, her own actions or Report, and the school's response (or Respond, for its staff). */
function ReviewCard({
  review: r,
  own,
  staff,
  schoolName,
  onEdit,
}: {
  review: Review;
  own: OwnReview | undefined;
  staff: boolean;
  schoolName: string;
  onEdit: (own: OwnReview) => void;
}) {
  return (
    <li className="card bg-base-100 border border-base-300" data-testid={`review-${r.id}`}>
      <article className="card-body p-5 gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Stars value={r.overallRating} label={`Overall ${r.overallRating} out of 5`} />
          {own && <YoursBadge what="review" />}
          <span className="text-xs opacity-70">{formatDate(r.createdAt)}</span>
        </div>
        <h3 className="font-semibold">{r.jobTitle}</h3>
        <p className="text-sm opacity-80">
          {r.employmentStatus} employee{r.yearsAtSchool ? ` · ${r.yearsAtSchool}` : ''}
        </p>
        <div>
          <h4 className="font-medium text-success">Pros</h4>
          <p className="text-sm whitespace-pre-line">{r.pros}</p>
        </div>
        <div>
          <h4 className="font-medium text-error">Cons</h4>
          <p className="text-sm whitespace-pre-line">{r.cons}</p>
        </div>
        {r.adviceToManagement && (
          <div>
            <h4 className="font-medium">Advice to management</h4>
            <p className="text-sm whitespace-pre-line">{r.adviceToManagement}</p>
          </div>
        )}
        <div className="flex flex-wrap gap-3 text-sm">
          <span>Work-life balance: {r.workLifeBalanceRating === null ? 'not rated' : `${r.workLifeBalanceRating}/5`}</span>
          <span>Leadership: {r.leadershipRating === null ? 'not rated' : `${r.leadershipRating}/5`}</span>
          {r.wouldRecommend && (
            <span className="badge badge-success badge-soft gap-1">
              <Icon name="check" className="size-3" /> Recommends to a friend
            </span>
          )}
          {!own && <ReportButton kind="review" id={r.id} className="ms-auto" />}
        </div>
        {own && (
          <>
            <EditStateNote edit={own.edit} />
            <div className="flex flex-wrap gap-2 justify-end" data-testid="own-actions">
              <EditOwnButton kind="review" id={r.id} onEdit={() => onEdit(own)} />
              <DeleteOwnButton kind="review" id={r.id} where={`of ${schoolName}`} />
            </div>
          </>
        )}
        {r.response && <SchoolResponse response={r.response} />}
        {staff && <RespondButton reviewId={r.id} current={r.response} />}
      </article>
    </li>
  );
}

export function Interviews({ schoolId, schoolName }: { schoolId: number; schoolName: string }) {
  const pages = useSchoolInterviewPages(schoolId);
  const { rows: data, error, isLoading, mutate } = pages;
  const mine = useMine().interviews;
  const [editing, setEditing] = useState<OwnInterview | null>(null);
  if (error) return <ErrorState error={error} retry={() => mutate()} />;
  if (isLoading || !data) return <SkeletonList count={2} lines={4} />;
  if (data.length === 0)
    return (
      <EmptyState icon="chat" title="No interview experiences yet">
        Share yours to help the next candidate.
      </EmptyState>
    );
  return (
    <>
      <ul className="grid gap-4" data-testid="interview-list">
        {data.map((iv) => (
          <InterviewCard key={iv.id} interview={iv} own={mine.get(iv.id)} schoolName={schoolName} onEdit={setEditing} />
        ))}
      </ul>
      <LoadMore pages={pages} label="Load more interviews" button="btn btn-outline btn-sm" />
      {editing && <EditOwnDialog own={{ kind: 'interview', item: editing }} onClose={() => setEditing(null)} />}
    </>
  );
}

type Interview = NonNullable<ReturnType<typeof useSchoolInterviewPages>['rows']>[number];

/** One interview experience: its outcome and story, and her own actions or Report. */
function InterviewCard({
  interview: iv,
  own,
  schoolName,
  onEdit,
}: {
  interview: Interview;
  own: OwnInterview | undefined;
  schoolName: string;
  onEdit: (own: OwnInterview) => void;
}) {
  return (
    <li className="card bg-base-100 border border-base-300" data-testid={`interview-${iv.id}`}>
      <article className="card-body p-5 gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold">{iv.jobTitle}</h3>
          {own && <YoursBadge what="interview experience" />}
          <span className="text-xs opacity-70">{formatDate(iv.createdAt)}</span>
        </div>
        <div className="flex flex-wrap gap-2 text-sm">
          <span className="badge badge-ghost">Difficulty: {iv.interviewDifficulty}</span>
          <span className={`badge ${iv.outcome === 'Offer' ? 'badge-success' : 'badge-ghost'} badge-soft`}>Outcome: {iv.outcome}</span>
          {iv.overallExperience != null && <span className="badge badge-ghost">Experience: {iv.overallExperience}/5</span>}
        </div>
        <p className="text-sm whitespace-pre-line">{iv.processDescription}</p>
        {iv.questionsAsked && (
          <div>
            <h4 className="font-medium">Questions asked</h4>
            <p className="text-sm whitespace-pre-line">{iv.questionsAsked}</p>
          </div>
        )}
        {iv.tipsForCandidates && (
          <div>
            <h4 className="font-medium">Tips for candidates</h4>
            <p className="text-sm whitespace-pre-line">{iv.tipsForCandidates}</p>
          </div>
        )}
        {own ? (
          <>
            <EditStateNote edit={own.edit} />
            <div className="flex flex-wrap gap-2 justify-end" data-testid="own-actions">
              <EditOwnButton kind="interview" id={iv.id} onEdit={() => onEdit(own)} />
              <DeleteOwnButton kind="interview" id={iv.id} where={`at ${schoolName}`} />
            </div>
          </>
        ) : (
          <ReportButton kind="interview" id={iv.id} className="self-end" />
        )}
      </article>
    </li>
  );
}

/** The school's current openings (its page's answer carries them). */
export function Jobs({ jobs }: { jobs: Parameters<typeof JobCard>[0]['job'][] }) {
  return (
    <section>
      <h2 className="text-xl font-semibold mb-3">Current Openings</h2>
      {jobs.length === 0 ? (
        <EmptyState icon="briefcase" title="No current openings">
          <Link to="/jobs" className="link link-primary">
            See all London jobs
          </Link>
        </EmptyState>
      ) : (
        <ul className="grid gap-4">
          {jobs.map((j) => (
            <li key={j.id}>
              <JobCard job={j} actions={<SaveJobButton jobId={j.id} title={j.title} />} takeHome={<JobCardTakeHome job={j} />} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
