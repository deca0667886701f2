// "Post a job" and "Edit the job" (decision 2104): every field the API takes, checked in the
// browser with the API's own schema and date rules, the API's field messages beside each field and
// focus on the first; the write goes through the outbox (kind 'school-job'), so a job written on
// the Tube is sent once when the phone is back online.
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  CLOSING_TIMES,
  CONTRACT_MONTHS_MAX,
  EDUCATION_LEVELS,
  JOB_OFFER_MAX,
  JOB_TEXT_MAX,
  JOB_TITLE_MAX,
  KEY_STAGES,
  MAX_JOB_SUBJECTS,
  SCHOOL_JOB_CONTRACTS,
  SUBJECTS,
  WORKING_PATTERNS,
} from '../../db/constants';
import { ChoiceGroup } from '../components/ChoiceGroup';
import { Field, fieldProps } from '../components/Dialog';
import { MarkdownField } from '../components/MarkdownField';
import { checkSchoolJob } from '../components/check';
import { focusFirstError, useForm } from '../components/useForm';
import { write } from '../components/writes';
import { client } from '../data/client';
import { to } from '../data/requests';
import { refreshSchoolJobs, type SchoolJob } from '../data/school-jobs';
import { formatDate } from '../lib/format';
import { emptyJobValues, formFields, jobBody, jobValues, type JobFormValues, type PublishChoice } from './job-values';
import { PayScalePickField } from './PayScalePick';

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** What a sent write says, by what it did. */
function successOf(publish: PublishChoice, v: JobFormValues, editingLive: boolean) {
  if (editingLive) return { title: 'Job updated', description: 'The job page shows your changes now.' };
  if (publish === 'draft') return { title: 'Draft saved', description: "Only your school's staff can see it." };
  if (publish === 'on-date')
    return { title: 'Job scheduled', description: `It goes on the Jobs board on ${formatDate(`${v.publishOn}T12:00:00Z`)}.` };
  return { title: 'Job posted', description: 'It is on the Jobs board now.' };
}

export function JobForm({ schoolId, schoolName, job }: { schoolId: number; schoolName: string; job?: SchoolJob }) {
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const { values: v, set, errors, setErrors, busy, setBusy } = useForm<JobFormValues>(job ? jobValues(job) : emptyJobValues());
  // A job on the board (or off it by its dates) stays published: it is edited, not rescheduled or made a draft.
  const published = job && (job.state === 'live' || job.state === 'ended');
  const listPath = `/manage/schools/${schoolId}/jobs`;

  const submit = async (publish: PublishChoice) => {
    const body = jobBody(v, publish);
    const checked = await checkSchoolJob(body);
    if (!checked.ok) {
      setErrors(formFields(checked.fields));
      return focusFirstError(form.current);
    }
    setBusy(true);
    const request = job
      ? to(client.jobs[':id'], '$patch', { param: { id: String(job.id) }, json: body })
      : to(client.schools[':id'].jobs, '$post', { param: { id: String(schoolId) }, json: body });
    const done = await write<SchoolJob>(
      { kind: 'school-job', label: `${v.title.trim()} (${schoolName})`, ...request },
      {
        success: successOf(publish, v, !!published),
        signIn: "Please sign in to post your school's jobs.",
        error: { description: 'The job could not be saved. Please try again.' },
        preferServerMessage: true,
        onFieldErrors: (fields) => {
          setErrors(formFields(fields));
          focusFirstError(form.current);
        },
      },
    );
    setBusy(false);
    if (!done) return;
    refreshSchoolJobs(schoolId, job?.id ?? (done.status === 'sent' ? done.data?.id : undefined));
    void navigate(listPath);
  };

  const text = (
    id: 'title' | 'contractMonths' | 'salaryMin' | 'salaryMax' | 'applyUrl' | 'applyEmail',
    label: string,
    input: React.InputHTMLAttributes<HTMLInputElement>,
    hint?: string,
  ) => (
    <Field id={id} label={label} error={errors[id]} hint={hint}>
      <input className="input w-full" {...input} {...fieldProps(id, errors[id])} value={v[id]} onChange={(e) => set(id, e.target.value)} />
    </Field>
  );
  const date = (id: 'startDate' | 'closingDate' | 'publishOn', label: string, hint?: string) => (
    <Field id={id} label={label} error={errors[id]} hint={hint}>
      <input type="date" className="input w-full" {...fieldProps(id, errors[id])} value={v[id]} onChange={(e) => set(id, e.target.value)} />
    </Field>
  );
  const section = (title: string) => (
    <h2 className="text-lg font-semibold mt-4 border-t border-base-300 pt-4 first:mt-0 first:border-0 first:pt-0">{title}</h2>
  );

  return (
    <form
      ref={form}
      noValidate
      className="card bg-base-100 border border-base-300"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(published ? 'now' : v.when);
      }}
      data-testid="job-form"
    >
      <div className="card-body p-4 sm:p-6 gap-1">
        {section('The job')}
        {text('title', 'Job title', { maxLength: JOB_TITLE_MAX + 20, autoComplete: 'off' }, `4 to ${JOB_TITLE_MAX} characters, no HTML.`)}
        <MarkdownField
          id="description"
          label="Description"
          value={v.description}
          onChange={(x) => set('description', x)}
          error={errors.description}
          maxLength={JOB_TEXT_MAX}
        />
        <MarkdownField
          id="benefits"
          label="What we offer"
          value={v.benefits}
          onChange={(x) => set('benefits', x)}
          error={errors.benefits}
          maxLength={JOB_OFFER_MAX}
        />
        <Field id="educationLevel" label="Education level" error={errors.educationLevel}>
          <select
            className="select w-full"
            {...fieldProps('educationLevel', errors.educationLevel)}
            value={v.educationLevel}
            onChange={(e) => set('educationLevel', e.target.value)}
          >
            <option value="">Choose a level</option>
            {EDUCATION_LEVELS.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </select>
        </Field>
        <ChoiceGroup
          id="keyStages"
          legend="Key stages"
          options={KEY_STAGES}
          multiple
          value={v.keyStages}
          onChange={(x) => set('keyStages', x)}
          error={errors.keyStages}
        />
        <ChoiceGroup
          id="subjects"
          legend="Subjects (optional)"
          options={SUBJECTS}
          multiple
          columns
          value={v.subjects}
          onChange={(x) => set('subjects', x)}
          error={errors.subjects}
          hint={`Up to ${MAX_JOB_SUBJECTS}.`}
        />

        {section('Contract and pay')}
        <ChoiceGroup
          id="contract"
          legend="Contract"
          options={SCHOOL_JOB_CONTRACTS}
          value={v.contract}
          onChange={(x) => set('contract', x)}
          error={errors.contract}
        />
        {v.contract === 'Fixed term' &&
          text(
            'contractMonths',
            'Length of the fixed term (months)',
            { type: 'number', inputMode: 'numeric', min: 1, max: CONTRACT_MONTHS_MAX },
            `1 to ${CONTRACT_MONTHS_MAX} months.`,
          )}
        <ChoiceGroup
          id="workingPatterns"
          legend="Working pattern"
          options={WORKING_PATTERNS}
          multiple
          value={v.workingPatterns}
          onChange={(x) => set('workingPatterns', x)}
          error={errors.workingPatterns}
          hint="Choose both if either suits."
        />
        <ChoiceGroup
          id="salaryBy"
          legend="Salary"
          options={[
            { value: 'range', label: 'A range in pounds' },
            { value: 'scale', label: 'Pay scale points' },
          ]}
          value={v.salaryBy}
          onChange={(x) => set('salaryBy', x as JobFormValues['salaryBy'])}
        />
        {v.salaryBy === 'range' ? (
          <div className="grid grid-cols-2 gap-x-3">
            {text('salaryMin', 'Minimum (£ a year)', { type: 'number', inputMode: 'numeric', min: 0, step: 1 })}
            {text('salaryMax', 'Maximum (£ a year)', { type: 'number', inputMode: 'numeric', min: 0, step: 1 })}
          </div>
        ) : (
          <PayScalePickField
            value={v.payScale}
            onChange={(x) => {
              set('payScale', x);
              if (errors.salaryMin) setErrors(({ salaryMin: _answered, ...rest }) => rest);
            }}
            error={errors.payScale ?? errors.salaryMin}
          />
        )}

        {section('Dates')}
        {date('startDate', 'Start date')}
        <div className="grid grid-cols-1 sm:grid-cols-2 gap-x-3">
          {date('closingDate', 'Closing date', 'London time. Within 2 years.')}
          <Field id="closingTime" label="Closing time" error={errors.closingTime}>
            <select
              className="select w-full"
              {...fieldProps('closingTime', errors.closingTime)}
              value={v.closingTime}
              onChange={(e) => set('closingTime', e.target.value as JobFormValues['closingTime'])}
            >
              <option value="">Choose a time</option>
              {CLOSING_TIMES.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          </Field>
        </div>

        {section('Candidates')}
        <ChoiceGroup
          id="ectSuitable"
          legend="Suitable for early career teachers?"
          options={YES_NO}
          value={v.ectSuitable}
          onChange={(x) => set('ectSuitable', x as JobFormValues['ectSuitable'])}
          error={errors.ectSuitable}
        />
        <ChoiceGroup
          id="visaSponsorship"
          legend="Can you sponsor a visa?"
          options={YES_NO}
          value={v.visaSponsorship}
          onChange={(x) => set('visaSponsorship', x as JobFormValues['visaSponsorship'])}
          error={errors.visaSponsorship}
        />
        <ChoiceGroup
          id="howToApply"
          legend="How to apply"
          options={[
            { value: 'website', label: 'On our website' },
            { value: 'email', label: 'By email' },
          ]}
          value={v.howToApply}
          onChange={(x) => set('howToApply', x as JobFormValues['howToApply'])}
          error={errors.howToApply}
        />
        {v.howToApply === 'website' && text('applyUrl', 'Application page', { type: 'url', inputMode: 'url', placeholder: 'https://' })}
        {v.howToApply === 'email' &&
          text('applyEmail', 'Email for applications', { type: 'email', inputMode: 'email', autoComplete: 'email' })}

        {published ? (
          <div className="flex flex-wrap gap-2 mt-4">
            <button type="submit" className="btn btn-primary tap" disabled={busy}>
              {busy && <span className="loading loading-spinner loading-sm" />}
              Save changes
            </button>
          </div>
        ) : (
          <>
            {section('Publish')}
            <ChoiceGroup
              id="when"
              legend="When should it go on the Jobs board?"
              options={[
                { value: 'now', label: 'Now' },
                { value: 'on-date', label: 'On a date' },
              ]}
              value={v.when}
              onChange={(x) => set('when', x as JobFormValues['when'])}
            />
            {v.when === 'on-date' && date('publishOn', 'Publish on', 'From 00:00 London time that day.')}
            <div className="flex flex-wrap gap-2 mt-4">
              <button type="submit" className="btn btn-primary tap" disabled={busy}>
                {busy && <span className="loading loading-spinner loading-sm" />}
                {v.when === 'on-date' ? 'Schedule the job' : 'Publish the job'}
              </button>
              <button type="button" className="btn btn-outline tap" disabled={busy} onClick={() => void submit('draft')}>
                Save as draft
              </button>
            </div>
            <p className="text-sm opacity-80">A draft needs only its title, and only your school's staff see it.</p>
          </>
        )}
      </div>
    </form>
  );
}
