import { useRef } from 'react';
import { mutate } from 'swr';
import { refreshPages } from '../../data/hooks';
import { EMPLOYMENT_STATUSES, INTERVIEW_DIFFICULTIES, INTERVIEW_OUTCOMES, YEARS_AT_SCHOOL } from '../../../db/constants';
import { Dialog, Field, fieldProps } from '../Dialog';
import { Icon } from '../Icon';
import { focusFirstError, useForm } from '../useForm';
import { check } from '../check';
import { write } from '../writes';
import { client } from '../../data/client';
import { to } from '../../data/requests';
import { SUCCESS } from '../../data/messages';
import { swrKey } from '../../data/keys';
import { refreshAfterOwnChange, type InterviewFields, type ReviewFields } from '../../data/activity';

/** Her own item opened for editing (decision 2020): the version she last wrote, and whether it is published. */
export interface Editing<F> {
  id: number;
  fields: F;
  /** A published item keeps showing while the edit waits for a moderator. */
  published: boolean;
}

const str = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** The review form's values for her version of it. */
const reviewValues = (f: ReviewFields): typeof REVIEW_DEFAULTS => ({
  overallRating: str(f.overallRating),
  workLifeBalanceRating: str(f.workLifeBalanceRating),
  compensationRating: str(f.compensationRating),
  careerOpportunitiesRating: str(f.careerOpportunitiesRating),
  cultureRating: str(f.cultureRating),
  leadershipRating: str(f.leadershipRating),
  pros: f.pros,
  cons: f.cons,
  adviceToManagement: f.adviceToManagement ?? '',
  wouldRecommend: f.wouldRecommend,
  employmentStatus: f.employmentStatus ?? 'Current',
  jobTitle: f.jobTitle ?? '',
  yearsAtSchool: f.yearsAtSchool ?? '',
});

const interviewValues = (f: InterviewFields): typeof INTERVIEW_DEFAULTS => ({
  jobTitle: f.jobTitle,
  interviewDifficulty: f.interviewDifficulty ?? 'Medium',
  processDescription: f.processDescription,
  questionsAsked: f.questionsAsked ?? '',
  tipsForCandidates: f.tipsForCandidates ?? '',
  outcome: f.outcome ?? 'Offer',
  overallExperience: str(f.overallExperience),
});

/** The toast after her edit: a published item's edit waits; one not yet published waits again as it is. */
const editedToast = (published: boolean, what: 'review' | 'interview') =>
  published
    ? SUCCESS.editSent
    : { title: what === 'review' ? 'Review updated' : 'Interview experience updated', description: 'It waits for approval again.' };

const RATING_FIELDS = [
  ['overallRating', 'Overall rating'],
  ['workLifeBalanceRating', 'Work-life balance'],
  ['compensationRating', 'Compensation'],
  ['careerOpportunitiesRating', 'Career opportunities'],
  ['cultureRating', 'Culture'],
  ['leadershipRating', 'Leadership'],
] as const;

function RatingSelect({
  id,
  label,
  value,
  onChange,
  error,
  optional,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  optional?: boolean;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <select className="select w-full" {...fieldProps(id, error)} value={value} onChange={(e) => onChange(e.target.value)}>
        {optional && <option value="">Prefer not to say</option>}
        {[5, 4, 3, 2, 1].map((n) => (
          <option key={n} value={String(n)}>
            {n} out of 5{n === 5 ? ' (best)' : n === 1 ? ' (worst)' : ''}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * Tap-to-rate stars (the phone on the commute): five native radios (arrow keys, screen readers announce "3 stars,
 * 3 of 5"), drawn as 44 px stars; the radios are visually hidden, their labels are the targets.
 */
function StarRating({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const n = Number(value) || 0;
  return (
    <div className="grid grid-cols-[1fr_auto] items-center gap-x-2 py-0.5" data-testid={`stars-${id}`}>
      <span id={`${id}-label`} className="text-sm font-semibold leading-tight">
        {label}
      </span>
      <div role="radiogroup" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined} className="flex">
        {[1, 2, 3, 4, 5].map((i) => (
          <label
            key={i}
            className="size-11 inline-flex items-center justify-center cursor-pointer rounded-field text-warning has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
          >
            <input
              type="radio"
              className="sr-only"
              name={id}
              value={String(i)}
              checked={n === i}
              onChange={() => onChange(String(i))}
              aria-label={`${i} star${i === 1 ? '' : 's'}`}
            />
            <Icon name="star" filled={i <= n} className={`size-7 ${i <= n ? '' : 'opacity-40 text-base-content'}`} />
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="col-span-2 text-error text-sm" data-testid={`error-${id}`}>
          {error}
        </p>
      )}
    </div>
  );
}

const REVIEW_DEFAULTS = {
  overallRating: '5',
  workLifeBalanceRating: '5',
  compensationRating: '5',
  careerOpportunitiesRating: '5',
  cultureRating: '5',
  leadershipRating: '5',
  pros: '',
  cons: '',
  adviceToManagement: '',
  wouldRecommend: true,
  employmentStatus: 'Current',
  jobTitle: '',
  yearsAtSchool: '',
};

/**
 * 'Write a Review' (product §5 fields and defaults), or, given `editing`, her review opened with the
 * version she last wrote: the same fields, checks and messages, sent as a PATCH through the outbox.
 */
export function ReviewDialog({
  schoolId,
  schoolName,
  open,
  onClose,
  editing,
}: {
  schoolId: number;
  schoolName: string;
  open: boolean;
  onClose: () => void;
  editing?: Editing<ReviewFields>;
}) {
  const f = useForm(editing ? reviewValues(editing.fields) : REVIEW_DEFAULTS);
  const formRef = useRef<HTMLFormElement>(null);
  async function submit(e: React.SubmitEvent) {
    e.preventDefault();
    const v = f.values;
    const parsed = await check('reviewInput', {
      ...v,
      yearsAtSchool: v.yearsAtSchool || undefined,
      adviceToManagement: v.adviceToManagement || undefined,
    });
    if (!parsed.ok) {
      f.setErrors(parsed.fields);
      return focusFirstError(formRef.current);
    }
    f.setBusy(true);
    const result = await write(
      editing
        ? {
            kind: 'review',
            ...to(client.reviews[':id'], '$patch', { param: { id: String(editing.id) }, json: parsed.data }),
            label: `Edit of your review of ${schoolName}`,
          }
        : {
            kind: 'review',
            ...to(client.schools[':id'].reviews, '$post', { param: { id: String(schoolId) }, json: parsed.data }),
            label: `Review of ${schoolName}`,
          },
      {
        success: editing ? editedToast(editing.published, 'review') : SUCCESS.review,
        signIn: editing ? 'Please sign in to edit your review.' : 'Please sign in to submit a review.',
        error: { description: editing ? 'Failed to save your edit. Please try again.' : 'Failed to submit review. Please try again.' },
        onFieldErrors: (fields) => {
          f.setErrors(fields);
          focusFirstError(formRef.current);
        },
      },
    );
    f.setBusy(false);
    if (result) {
      if (editing) refreshAfterOwnChange('review', schoolId);
      else {
        void mutate(swrKey.schoolReviews(schoolId));
        refreshPages(`school-reviews/${schoolId}`);
        void mutate(swrKey.school(schoolId));
        void mutate(swrKey.activity);
        f.reset();
      }
      onClose();
    }
  }
  const v = f.values;
  return (
    <Dialog open={open} onClose={onClose} title={editing ? 'Edit your review' : 'Write a Review'} wide>
      <form ref={formRef} onSubmit={submit} noValidate data-testid="review-form">
        <p className="text-sm opacity-80 mb-2">
          {editing?.published
            ? `Your review of ${schoolName} stays as it is until a moderator approves your edit.`
            : `Your review of ${schoolName} is anonymous and is published once approved.`}
        </p>
        <div className="grid grid-cols-2 gap-x-3 sm:gap-x-4">
          <div className="col-span-2 sm:col-span-1">
            <Field id="jobTitle" label="Job title" error={f.errors.jobTitle}>
              <input
                className="input w-full"
                {...fieldProps('jobTitle', f.errors.jobTitle)}
                value={v.jobTitle}
                onChange={(e) => f.set('jobTitle', e.target.value)}
                autoComplete="organization-title"
              />
            </Field>
          </div>
          <Field id="employmentStatus" label="Employment status" error={f.errors.employmentStatus}>
            <select
              className="select w-full"
              {...fieldProps('employmentStatus', f.errors.employmentStatus)}
              value={v.employmentStatus}
              onChange={(e) => f.set('employmentStatus', e.target.value)}
            >
              {EMPLOYMENT_STATUSES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </Field>
          <Field id="yearsAtSchool" label="Years at school" error={f.errors.yearsAtSchool}>
            <select
              className="select w-full"
              {...fieldProps('yearsAtSchool', f.errors.yearsAtSchool)}
              value={v.yearsAtSchool}
              onChange={(e) => f.set('yearsAtSchool', e.target.value)}
            >
              <option value="">Choose…</option>
              {YEARS_AT_SCHOOL.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </Field>
        </div>
        <fieldset className="grid sm:grid-cols-2 gap-x-6 my-2">
          <legend className="sr-only">Ratings, 1 to 5 stars</legend>
          {RATING_FIELDS.map(([key, label]) => (
            <StarRating key={key} id={key} label={label} value={v[key]} onChange={(x) => f.set(key, x)} error={f.errors[key]} />
          ))}
        </fieldset>
        <Field id="pros" label="Pros" error={f.errors.pros}>
          <textarea
            className="textarea w-full"
            rows={2}
            {...fieldProps('pros', f.errors.pros)}
            value={v.pros}
            onChange={(e) => f.set('pros', e.target.value)}
          />
        </Field>
        <Field id="cons" label="Cons" error={f.errors.cons}>
          <textarea
            className="textarea w-full"
            rows={2}
            {...fieldProps('cons', f.errors.cons)}
            value={v.cons}
            onChange={(e) => f.set('cons', e.target.value)}
          />
        </Field>
        <Field id="adviceToManagement" label="Advice to management (optional)" error={f.errors.adviceToManagement}>
          <textarea
            className="textarea w-full"
            rows={2}
            {...fieldProps('adviceToManagement', f.errors.adviceToManagement)}
            value={v.adviceToManagement}
            onChange={(e) => f.set('adviceToManagement', e.target.value)}
          />
        </Field>
        <label className="label cursor-pointer gap-2 mt-2">
          <input
            type="checkbox"
            className="checkbox checkbox-primary"
            checked={v.wouldRecommend}
            onChange={(e) => f.set('wouldRecommend', e.target.checked)}
            name="wouldRecommend"
          />
          <span className="text-base-content">I would recommend this school to a friend</span>
        </label>
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={f.busy}>
            {f.busy && <span className="loading loading-spinner loading-sm" />}
            {f.busy ? (editing ? 'Saving...' : 'Submitting...') : editing ? 'Save edit' : 'Submit Review'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

const INTERVIEW_DEFAULTS = {
  jobTitle: '',
  interviewDifficulty: 'Medium',
  processDescription: '',
  questionsAsked: '',
  tipsForCandidates: '',
  outcome: 'Offer',
  overallExperience: '5',
};

/** 'Share Interview Experience' (product §5 fields and defaults), or, given `editing`, hers to change. */
export function InterviewDialog({
  schoolId,
  schoolName,
  open,
  onClose,
  editing,
}: {
  schoolId: number;
  schoolName: string;
  open: boolean;
  onClose: () => void;
  editing?: Editing<InterviewFields>;
}) {
  const f = useForm(editing ? interviewValues(editing.fields) : INTERVIEW_DEFAULTS);
  const formRef = useRef<HTMLFormElement>(null);
  async function submit(e: React.SubmitEvent) {
    e.preventDefault();
    const v = f.values;
    const parsed = await check('interviewInput', { ...v, overallExperience: v.overallExperience || undefined });
    if (!parsed.ok) {
      f.setErrors(parsed.fields);
      return focusFirstError(formRef.current);
    }
    f.setBusy(true);
    const result = await write(
      editing
        ? {
            kind: 'interview',
            ...to(client.interviews[':id'], '$patch', { param: { id: String(editing.id) }, json: parsed.data }),
            label: `Edit of your interview at ${schoolName}`,
          }
        : {
            kind: 'interview',
            ...to(client.schools[':id'].interviews, '$post', { param: { id: String(schoolId) }, json: parsed.data }),
            label: `Interview at ${schoolName}`,
          },
      {
        success: editing ? editedToast(editing.published, 'interview') : SUCCESS.interview,
        signIn: editing ? 'Please sign in to edit your interview experience.' : 'Please sign in to share your interview experience.',
        error: {
          description: editing ? 'Failed to save your edit. Please try again.' : 'Failed to submit interview experience. Please try again.',
        },
        onFieldErrors: (fields) => {
          f.setErrors(fields);
          focusFirstError(formRef.current);
        },
      },
    );
    f.setBusy(false);
    if (result) {
      if (editing) refreshAfterOwnChange('interview', schoolId);
      else {
        void mutate(swrKey.schoolInterviews(schoolId));
        refreshPages(`school-interviews/${schoolId}`);
        void mutate(swrKey.activity);
        f.reset();
      }
      onClose();
    }
  }
  const v = f.values;
  return (
    <Dialog open={open} onClose={onClose} title={editing ? 'Edit your interview experience' : 'Share Interview Experience'} wide>
      <form ref={formRef} onSubmit={submit} noValidate data-testid="interview-form">
        {editing?.published && (
          <p className="text-sm opacity-80 mb-2">Your interview experience stays as it is until a moderator approves your edit.</p>
        )}
        <div className="grid sm:grid-cols-2 gap-x-4">
          <Field id="iv-jobTitle" label="Job title" error={f.errors.jobTitle}>
            <input
              className="input w-full"
              {...fieldProps('iv-jobTitle', f.errors.jobTitle)}
              value={v.jobTitle}
              onChange={(e) => f.set('jobTitle', e.target.value)}
            />
          </Field>
          <Field id="interviewDifficulty" label="Difficulty" error={f.errors.interviewDifficulty}>
            <select
              className="select w-full"
              {...fieldProps('interviewDifficulty', f.errors.interviewDifficulty)}
              value={v.interviewDifficulty}
              onChange={(e) => f.set('interviewDifficulty', e.target.value)}
            >
              {INTERVIEW_DIFFICULTIES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </Field>
          <Field id="outcome" label="Outcome" error={f.errors.outcome}>
            <select
              className="select w-full"
              {...fieldProps('outcome', f.errors.outcome)}
              value={v.outcome}
              onChange={(e) => f.set('outcome', e.target.value)}
            >
              {INTERVIEW_OUTCOMES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </Field>
          <RatingSelect
            id="overallExperience"
            label="Overall experience (optional)"
            value={v.overallExperience}
            onChange={(x) => f.set('overallExperience', x)}
            error={f.errors.overallExperience}
            optional
          />
        </div>
        <Field id="processDescription" label="Describe the interview process" error={f.errors.processDescription}>
          <textarea
            className="textarea w-full"
            rows={4}
            {...fieldProps('processDescription', f.errors.processDescription)}
            value={v.processDescription}
            onChange={(e) => f.set('processDescription', e.target.value)}
          />
        </Field>
        <Field id="questionsAsked" label="Questions asked (optional)" error={f.errors.questionsAsked}>
          <textarea
            className="textarea w-full"
            rows={2}
            {...fieldProps('questionsAsked', f.errors.questionsAsked)}
            value={v.questionsAsked}
            onChange={(e) => f.set('questionsAsked', e.target.value)}
          />
        </Field>
        <Field id="tipsForCandidates" label="Tips for candidates (optional)" error={f.errors.tipsForCandidates}>
          <textarea
            className="textarea w-full"
            rows={2}
            {...fieldProps('tipsForCandidates', f.errors.tipsForCandidates)}
            value={v.tipsForCandidates}
            onChange={(e) => f.set('tipsForCandidates', e.target.value)}
          />
        </Field>
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={f.busy}>
            {f.busy && <span className="loading loading-spinner loading-sm" />}
            {f.busy ? (editing ? 'Saving...' : 'Submitting...') : editing ? 'Save edit' : 'Submit Experience'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
