import type { ReactNode } from 'react';
import { EMPLOYMENT_STATUSES, INTERVIEW_DIFFICULTIES, INTERVIEW_OUTCOMES, YEARS_AT_SCHOOL } from '../../../core/constants';
import { Dialog, DialogActions } from '../../components/Dialog';
import { Icon } from '../../components/Icon';
import { RATING_FIELDS, SelectField, SubmitButton, TextAreaField, TextField } from '../../components/fields';
import { useForm } from '../../components/use-form';
import { useSubmit, type Checked } from '../../data/use-submit';
import { check } from '../../components/check';
import { client } from '../../data/client';
import { to, type SendRequest } from '../../data/requests';
import { SUCCESS } from '../../data/messages';
import { type InterviewFields, type OwnInterview, type OwnReview, type ReviewFields } from '../../data/activity';

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

type Kind = 'review' | 'interview';

/** Each kind's words: the outbox label, the product §8 toasts and sign-in text, new and edited. */
const WORDS = {
  review: {
    label: (school: string) => `Review of ${school}`,
    editLabel: (school: string) => `Edit of your review of ${school}`,
    sent: SUCCESS.review,
    updated: 'Review updated',
    signIn: 'Please sign in to submit a review.',
    editSignIn: 'Please sign in to edit your review.',
    failed: 'Failed to submit review. Please try again.',
  },
  interview: {
    label: (school: string) => `Interview at ${school}`,
    editLabel: (school: string) => `Edit of your interview at ${school}`,
    sent: SUCCESS.interview,
    updated: 'Interview experience updated',
    signIn: 'Please sign in to share your interview experience.',
    editSignIn: 'Please sign in to edit your interview experience.',
    failed: 'Failed to submit interview experience. Please try again.',
  },
} as const;

interface DialogProps<F> {
  schoolId: number;
  schoolName: string;
  open: boolean;
  onClose: () => void;
  editing?: Editing<F>;
  /** A new one was sent (or queued in the outbox): the page says it waits instead of offering the form again. */
  onSent?: () => void;
}

type Request = Pick<SendRequest, 'method' | 'path' | 'body'>;

/**
 * A contribution's form and submit: checked, sent through the outbox as a POST (new) or a PATCH
 * (her edit; a published item's edit waits for a moderator, one not yet published waits again as
 * it is), then the school's lists and her activity refresh and the dialog closes.
 */
function useContribution<T extends Record<string, unknown>, D>(
  kind: Kind,
  p: DialogProps<unknown>,
  initial: T,
  checkValues: (v: T) => Promise<Checked<D>>,
  request: (data: D) => Request,
) {
  const f = useForm(initial);
  const w = WORDS[kind];
  const { editing, schoolName } = p;
  const { ref, onSubmit } = useSubmit(f, {
    check: () => checkValues(f.values),
    write: (data) => ({
      request: { kind, ...request(data), label: editing ? w.editLabel(schoolName) : w.label(schoolName) },
      messages: {
        success: !editing
          ? w.sent
          : editing.published
            ? SUCCESS.editSent
            : { title: w.updated, description: 'It waits for approval again.' },
        signIn: editing ? w.editSignIn : w.signIn,
        error: { description: editing ? 'Failed to save your edit. Please try again.' : w.failed },
      },
    }),
    done: () => {
      if (!editing) {
        f.reset();
        p.onSent?.();
      }
      p.onClose();
    },
  });
  return { f, ref, onSubmit };
}

/** The dialog around a contribution's fields, with Cancel and its submit button. */
function ContributeDialog({
  p,
  title,
  testId,
  submitLabel,
  form,
  children,
}: {
  p: DialogProps<unknown>;
  title: string;
  testId: string;
  submitLabel: string;
  form: { ref: React.RefObject<HTMLFormElement | null>; onSubmit: (e: React.FormEvent) => void; busy: boolean };
  children: ReactNode;
}) {
  const { editing, onClose } = p;
  return (
    <Dialog open={p.open} onClose={onClose} title={title} wide>
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate data-testid={testId}>
        {children}
        <DialogActions onCancel={onClose}>
          <SubmitButton busy={form.busy} label={editing ? 'Save edit' : submitLabel} busyLabel={editing ? 'Saving...' : 'Submitting...'} />
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** An optional 1-5 rating as a select (the interview's overall experience). */
const RATING_OPTIONS = [5, 4, 3, 2, 1].map((n) => ({
  value: String(n),
  label: `${n} out of 5${n === 5 ? ' (best)' : n === 1 ? ' (worst)' : ''}`,
}));

/**
 * Tap-to-rate stars (the phone on the commute): five native radios (arrow keys, screen readers announce "3 stars,
 * 3 of 5"), drawn as 44 px stars; the radios are visually hidden, their labels are the targets. None is chosen
 * at first (decision 2027): the line says "Not rated" until she picks, and an optional rating can be cleared again.
 */
function StarRating({
  id,
  label,
  value,
  onChange,
  error,
  required,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  required: boolean;
}) {
  const n = Number(value) || 0;
  return (
    <div className="grid grid-cols-[1fr_auto] items-center gap-x-2 py-0.5" data-testid={`stars-${id}`}>
      <span className="grid leading-tight">
        <span id={`${id}-label`} className="text-sm font-semibold">
          {label}
          {required ? <span className="font-normal opacity-80"> (required)</span> : null}
        </span>
        <span className="text-xs opacity-80 flex items-center gap-1 min-h-6" data-testid={`stars-${id}-state`}>
          {n ? `${n} of 5` : 'Not rated'}
          {n > 0 && !required && (
            <button type="button" className="btn btn-ghost btn-xs min-h-6 h-6 px-1 underline" onClick={() => onChange('')}>
              Clear<span className="sr-only"> {label}</span>
            </button>
          )}
        </span>
      </span>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        // Focus lands here when it is the first field with a message (focusFirstError), and its message is read.
        tabIndex={-1}
        className="flex rounded-field focus-visible:outline-2 focus-visible:outline-primary"
      >
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

const SUB_RATING_KEYS = RATING_FIELDS.map(([key]) => key).filter((key) => key !== 'overallRating');

/** No rating is chosen for her (decision 2027): a row left alone is "not rated", never a silent 5. */
const REVIEW_DEFAULTS = {
  overallRating: '',
  workLifeBalanceRating: '',
  compensationRating: '',
  careerOpportunitiesRating: '',
  cultureRating: '',
  leadershipRating: '',
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
export function ReviewDialog(p: DialogProps<ReviewFields>) {
  const { schoolId, schoolName, editing } = p;
  const { f, ref, onSubmit } = useContribution(
    'review',
    p,
    editing ? reviewValues(editing.fields) : REVIEW_DEFAULTS,
    (v) =>
      check('reviewInput', {
        ...v,
        // The overall rating is required (missing answers the product's message); the others unrated are null.
        overallRating: v.overallRating || undefined,
        ...Object.fromEntries(SUB_RATING_KEYS.map((k) => [k, v[k] || null])),
        yearsAtSchool: v.yearsAtSchool || undefined,
        adviceToManagement: v.adviceToManagement || undefined,
      }),
    (json) =>
      editing
        ? to(client.reviews[':id'], '$patch', { param: { id: String(editing.id) }, json })
        : to(client.schools[':id'].reviews, '$post', { param: { id: String(schoolId) }, json }),
  );
  return (
    <ContributeDialog
      p={p}
      title={editing ? 'Edit your review' : 'Write a Review'}
      testId="review-form"
      submitLabel="Submit Review"
      form={{ ref, onSubmit, busy: f.busy }}
    >
      <p className="text-sm opacity-80 mb-2">
        {editing?.published
          ? `Your review of ${schoolName} stays as it is until a moderator approves your edit.`
          : `Your review of ${schoolName} is anonymous and is published once approved.`}
      </p>
      <div className="grid grid-cols-2 gap-x-3 sm:gap-x-4">
        <div className="col-span-2 sm:col-span-1">
          <TextField label="Job title" {...f.field('jobTitle')} autoComplete="organization-title" />
        </div>
        <SelectField label="Employment status" {...f.field('employmentStatus')} options={EMPLOYMENT_STATUSES} />
        <SelectField label="Years at school" {...f.field('yearsAtSchool')} options={YEARS_AT_SCHOOL} empty="Choose…" />
      </div>
      <fieldset className="grid sm:grid-cols-2 gap-x-6 my-2">
        <legend className="text-sm opacity-80 mb-1">Ratings, 1 to 5 stars: the overall rating is required, the others are optional.</legend>
        {RATING_FIELDS.map(([key, label]) => (
          <StarRating key={key} label={label} required={key === 'overallRating'} {...f.field(key)} />
        ))}
      </fieldset>
      <TextAreaField label="Pros" rows={2} {...f.field('pros')} />
      <TextAreaField label="Cons" rows={2} {...f.field('cons')} />
      <TextAreaField label="Advice to management (optional)" rows={2} {...f.field('adviceToManagement')} />
      <label className="label cursor-pointer gap-2 mt-2">
        <input
          type="checkbox"
          className="checkbox checkbox-primary"
          checked={f.values.wouldRecommend}
          onChange={(e) => f.set('wouldRecommend', e.target.checked)}
          name="wouldRecommend"
        />
        <span className="text-base-content">I would recommend this school to a friend</span>
      </label>
    </ContributeDialog>
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
export function InterviewDialog(p: DialogProps<InterviewFields>) {
  const { schoolId, editing } = p;
  const { f, ref, onSubmit } = useContribution(
    'interview',
    p,
    editing ? interviewValues(editing.fields) : INTERVIEW_DEFAULTS,
    (v) => check('interviewInput', { ...v, overallExperience: v.overallExperience || undefined }),
    (json) =>
      editing
        ? to(client.interviews[':id'], '$patch', { param: { id: String(editing.id) }, json })
        : to(client.schools[':id'].interviews, '$post', { param: { id: String(schoolId) }, json }),
  );
  return (
    <ContributeDialog
      p={p}
      title={editing ? 'Edit your interview experience' : 'Share Interview Experience'}
      testId="interview-form"
      submitLabel="Submit Experience"
      form={{ ref, onSubmit, busy: f.busy }}
    >
      {editing?.published && (
        <p className="text-sm opacity-80 mb-2">Your interview experience stays as it is until a moderator approves your edit.</p>
      )}
      <div className="grid sm:grid-cols-2 gap-x-4">
        <TextField label="Job title" {...f.field('jobTitle', 'iv-jobTitle')} />
        <SelectField label="Difficulty" {...f.field('interviewDifficulty')} options={INTERVIEW_DIFFICULTIES} />
        <SelectField label="Outcome" {...f.field('outcome')} options={INTERVIEW_OUTCOMES} />
        <SelectField
          label="Overall experience (optional)"
          {...f.field('overallExperience')}
          options={RATING_OPTIONS}
          empty="Prefer not to say"
        />
      </div>
      <TextAreaField label="Describe the interview process" rows={4} {...f.field('processDescription')} />
      <TextAreaField label="Questions asked (optional)" rows={2} {...f.field('questionsAsked')} />
      <TextAreaField label="Tips for candidates (optional)" rows={2} {...f.field('tipsForCandidates')} />
    </ContributeDialog>
  );
}

/** Her own review or interview, chosen for editing. */
export type OwnItem = { kind: 'review'; item: OwnReview } | { kind: 'interview'; item: OwnInterview };

/**
 * The form of her own review or interview (at its school), open on the version she last wrote: an
 * approved review keeps showing while its edit waits; an interview is published when sent, so always does.
 */
export function EditOwnDialog({ own, onClose }: { own: OwnItem; onClose: () => void }) {
  const { id, schoolId, schoolName } = own.item;
  const dialog = { schoolId, schoolName, open: true, onClose };
  return own.kind === 'review' ? (
    <ReviewDialog key={`r${id}`} {...dialog} editing={{ id, fields: own.item.fields, published: own.item.status === 'approved' }} />
  ) : (
    <InterviewDialog key={`i${id}`} {...dialog} editing={{ id, fields: own.item.fields, published: true }} />
  );
}
