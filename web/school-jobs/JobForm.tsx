// "Post a job" and "Edit the job" (decision 2104): every field the API takes, checked in the
// browser with the API's own schema and date rules, the API's field messages beside each field and
// focus on the first; the write goes through the outbox (kind 'school-job'), so a job written on
// the Tube is sent once when the phone is back online.
import { useNavigate } from 'react-router-dom';
import {
  CLOSING_TIMES,
  CONTRACT_MONTHS_MAX,
  EDUCATION_LEVELS,
  JOB_OFFER_MAX,
  JOB_TEXT_MAX,
  JOB_TITLE_MAX,
  KEY_STAGES,
  JOB_CONTACT_NAME_MAX,
  MAX_JOB_SUBJECTS,
  ROLE_TYPES,
  SCHOOL_JOB_CONTRACTS,
  SUBJECTS,
  WORKING_PATTERNS,
} from '../../core/constants';
import { ChoiceGroup } from '../components/ChoiceGroup';
import { MarkdownField } from '../features/markdown-editor/MarkdownField';
import { checkSchoolJob } from '../components/check';
import { SelectField, TextField } from '../components/fields';
import { useForm, type Form } from '../components/use-form';
import { useSubmit } from '../data/use-submit';
import { client } from '../data/client';
import { to } from '../data/requests';
import type { SchoolJob } from '../data/school-jobs';
import { formatDate } from '../lib/format';
import type { SchoolJobInput } from '../../core/validation';
import { emptyJobValues, formFields, jobBody, jobValues, type JobFormValues, type PublishChoice } from './job-values';
import { PayScalePickField } from './PayScalePick';

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];
const SALARY_BY = [
  { value: 'range', label: 'A range in pounds' },
  { value: 'scale', label: 'Pay scale points' },
];
const HOW_TO_APPLY = [
  { value: 'website', label: 'On our website' },
  { value: 'email', label: 'By email' },
];
const WHEN = [
  { value: 'now', label: 'Now' },
  { value: 'on-date', label: 'On a date' },
];

const Section = ({ title }: { title: string }) => (
  <h2 className="text-lg font-semibold mt-4 border-t border-base-300 pt-4 first:mt-0 first:border-0 first:pt-0">{title}</h2>
);

/** What a sent write says, by what it did. */
function successOf(publish: PublishChoice, v: JobFormValues, editingLive: boolean) {
  if (editingLive) return { title: 'Job updated', description: 'The job page shows your changes now.' };
  if (publish === 'draft') return { title: 'Draft saved', description: "Only your school's staff can see it." };
  if (publish === 'on-date')
    return { title: 'Job scheduled', description: `It goes on the Jobs board on ${formatDate(`${v.publishOn}T12:00:00Z`)}.` };
  return { title: 'Job posted', description: 'It is on the Jobs board now.' };
}

type ListKey = 'keyStages' | 'subjects' | 'workingPatterns';

/** A list's wiring for a ChoiceGroup of checkboxes. */
const many = (f: Form<JobFormValues>, id: ListKey) => ({
  id,
  multiple: true as const,
  value: f.values[id],
  onChange: (x: string[]) => f.set(id, x),
  error: f.errors[id],
});
const number = { type: 'number', inputMode: 'numeric' } as const;

export function JobForm({ schoolId, schoolName, job }: { schoolId: number; schoolName: string; job?: SchoolJob }) {
  const navigate = useNavigate();
  const f = useForm<JobFormValues>(job ? jobValues(job) : emptyJobValues());
  const { values: v } = f;
  // A job on the board (or off it by its dates) stays published: it is edited, not rescheduled or made a draft.
  const published = job && (job.state === 'live' || job.state === 'ended');
  const { ref, submit } = useSubmit<SchoolJobInput, SchoolJob, PublishChoice>(f, {
    check: (publish) => checkSchoolJob(jobBody(v, publish)),
    mapFields: formFields,
    write: (_checked, publish) => ({
      request: {
        kind: 'school-job',
        label: `${v.title.trim()} (${schoolName})`,
        ...(job
          ? to(client.jobs[':id'], '$patch', { param: { id: String(job.id) }, json: jobBody(v, publish) })
          : to(client.schools[':id'].jobs, '$post', { param: { id: String(schoolId) }, json: jobBody(v, publish) })),
      },
      messages: {
        success: successOf(publish, v, !!published),
        signIn: "Please sign in to post your school's jobs.",
        error: { description: 'The job could not be saved. Please try again.' },
        preferServerMessage: true,
      },
    }),
    // What the write touches (the school's list, the job's page, the jobs lists) is read again by send() (decision 0015).
    done: () => void navigate(`/manage/schools/${schoolId}/jobs`),
  });

  return (
    <form
      ref={ref}
      noValidate
      className="card bg-base-100 border border-base-300"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(published ? 'now' : v.when);
      }}
      data-testid="job-form"
    >
      <div className="card-body p-4 sm:p-6 gap-1">
        <JobPart f={f} />
        <PayPart f={f} />
        <DatesPart f={f} />
        <CandidatesPart f={f} />
        <PublishPart f={f} published={!!published} onDraft={() => void submit('draft')} />
      </div>
    </form>
  );
}

/** The job: its title, texts, level, key stages and subjects. */
function JobPart({ f }: { f: Form<JobFormValues> }) {
  return (
    <>
      <Section title="The job" />
      <TextField
        label="Job title"
        {...f.field('title')}
        maxLength={JOB_TITLE_MAX + 20}
        autoComplete="off"
        hint={`4 to ${JOB_TITLE_MAX} characters, no HTML.`}
      />
      <SelectField label="Role" {...f.field('roleType')} options={ROLE_TYPES} empty="Choose a role" />
      <MarkdownField label="Description" {...f.field('description')} maxLength={JOB_TEXT_MAX} />
      <MarkdownField label="What we offer" {...f.field('benefits')} maxLength={JOB_OFFER_MAX} />
      <SelectField label="Education level" {...f.field('educationLevel')} options={EDUCATION_LEVELS} empty="Choose a level" />
      <ChoiceGroup legend="Key stages" options={KEY_STAGES} {...many(f, 'keyStages')} />
      <ChoiceGroup
        legend="Subjects (optional)"
        options={SUBJECTS}
        columns
        {...many(f, 'subjects')}
        hint={`Up to ${MAX_JOB_SUBJECTS}, from GOV.UK Teaching Vacancies' list.`}
      />
    </>
  );
}

/** The contract and the pay: a range in pounds or pay scale points. */
function PayPart({ f }: { f: Form<JobFormValues> }) {
  const { values: v, set, errors } = f;
  return (
    <>
      <Section title="Contract and pay" />
      <ChoiceGroup legend="Contract" options={SCHOOL_JOB_CONTRACTS} {...f.field('contract')} />
      {v.contract === 'Fixed term' && (
        <TextField
          label="Length of the fixed term (months)"
          {...f.field('contractMonths')}
          {...number}
          min={1}
          max={CONTRACT_MONTHS_MAX}
          hint={`1 to ${CONTRACT_MONTHS_MAX} months.`}
        />
      )}
      <ChoiceGroup
        legend="Working pattern"
        options={WORKING_PATTERNS}
        {...many(f, 'workingPatterns')}
        hint="Choose both if either suits."
      />
      <ChoiceGroup legend="Salary" options={SALARY_BY} {...f.field('salaryBy')} error={undefined} />
      {v.salaryBy === 'range' ? (
        <div className="grid grid-cols-2 gap-x-3">
          <TextField label="Minimum (£ a year)" {...f.field('salaryMin')} {...number} min={0} step={1} />
          <TextField label="Maximum (£ a year)" {...f.field('salaryMax')} {...number} min={0} step={1} />
        </div>
      ) : (
        <PayScalePickField
          value={v.payScale}
          onChange={(x) => {
            set('payScale', x);
            if (errors.salaryMin) f.setErrors(({ salaryMin: _answered, ...rest }) => rest);
          }}
          error={errors.payScale ?? errors.salaryMin}
        />
      )}
    </>
  );
}

/** The start and closing dates. */
function DatesPart({ f }: { f: Form<JobFormValues> }) {
  return (
    <>
      <Section title="Dates" />
      <TextField type="date" label="Start date" {...f.field('startDate')} />
      <div className="grid grid-cols-1 sm:grid-cols-2 gap-x-3">
        <TextField type="date" label="Closing date" {...f.field('closingDate')} hint="London time. Within 2 years." />
        <SelectField label="Closing time" {...f.field('closingTime')} options={CLOSING_TIMES} empty="Choose a time" />
      </div>
    </>
  );
}

/** Who may apply, and how. */
function CandidatesPart({ f }: { f: Form<JobFormValues> }) {
  const { values: v } = f;
  return (
    <>
      <Section title="Candidates" />
      <ChoiceGroup legend="Suitable for early career teachers?" options={YES_NO} {...f.field('ectSuitable')} />
      <ChoiceGroup legend="Can you sponsor a visa?" options={YES_NO} {...f.field('visaSponsorship')} />
      <ChoiceGroup legend="How to apply" options={HOW_TO_APPLY} {...f.field('howToApply')} />
      {v.howToApply === 'website' && (
        <TextField label="Application page" {...f.field('applyUrl')} type="url" inputMode="url" placeholder="https://" />
      )}
      {v.howToApply === 'email' && (
        <TextField label="Email for applications" {...f.field('applyEmail')} type="email" inputMode="email" autoComplete="email" />
      )}
      <Section title="Contact for questions (optional)" />
      <p className="text-sm opacity-80">Shown on the job page, for candidates' questions before they apply.</p>
      <div className="grid grid-cols-1 sm:grid-cols-2 gap-x-3">
        <TextField label="Contact name" {...f.field('contactName')} maxLength={JOB_CONTACT_NAME_MAX} autoComplete="off" />
        <TextField label="Contact email" {...f.field('contactEmail')} type="email" inputMode="email" autoComplete="off" />
      </div>
    </>
  );
}

/** The buttons: Save changes for a published job; otherwise when it goes on the board, Publish (or Schedule) and Save as draft. */
function PublishPart({ f, published, onDraft }: { f: Form<JobFormValues>; published: boolean; onDraft: () => void }) {
  const { values: v, busy } = f;
  if (published)
    return (
      <div className="flex flex-wrap gap-2 mt-4">
        <button type="submit" className="btn btn-primary tap" disabled={busy}>
          {busy && <span className="loading loading-spinner loading-sm" />}
          Save changes
        </button>
      </div>
    );
  return (
    <>
      <Section title="Publish" />
      <ChoiceGroup legend="When should it go on the Jobs board?" options={WHEN} {...f.field('when')} error={undefined} />
      {v.when === 'on-date' && (
        <TextField type="date" label="Publish on" {...f.field('publishOn')} hint="From 00:00 London time that day." />
      )}
      <div className="flex flex-wrap gap-2 mt-4">
        <button type="submit" className="btn btn-primary tap" disabled={busy}>
          {busy && <span className="loading loading-spinner loading-sm" />}
          {v.when === 'on-date' ? 'Schedule the job' : 'Publish the job'}
        </button>
        <button type="button" className="btn btn-outline tap" disabled={busy} onClick={onDraft}>
          Save as draft
        </button>
      </div>
      <p className="text-sm opacity-80">A draft needs only its title, and only your school's staff see it.</p>
    </>
  );
}
