// The salary form (the "Contribute Data" tab): not on the page's first render (Salary Insights is
// the first tab), so it loads from its own chunk when that tab is first opened, or once the page
// is idle after hydrating (SalariesPage.tsx).
import { BOROUGHS, EXPERIENCE_BANDS, SALARY_JOB_TITLES, SALARY_SCHOOL_TYPES } from '../../core/constants';
import { SelectField, SubmitButton, TextAreaField, TextField } from '../components/fields';
import { useForm } from '../components/use-form';
import { useSubmit } from '../data/use-submit';
import { check } from '../components/check';
import { signInRequired } from '../data/writes';
import { useAuth } from '../data/auth';
import { client } from '../data/client';
import { to } from '../data/requests';
import { SUCCESS } from '../data/messages';

const DEFAULTS = { jobTitle: '', schoolType: '', borough: '', yearsExperience: '', annualSalary: '0', additionalBenefits: '' };

const SELECTS = [
  ['jobTitle', 'Job title', SALARY_JOB_TITLES],
  ['schoolType', 'School type', SALARY_SCHOOL_TYPES],
  ['borough', 'Borough', BOROUGHS],
  ['yearsExperience', 'Years of experience', EXPERIENCE_BANDS],
] as const;

export function SalaryForm({ onDone }: { onDone: () => void }) {
  const { isAuthenticated } = useAuth();
  const f = useForm(DEFAULTS);
  const v = f.values;
  const { ref, onSubmit } = useSubmit(f, {
    check: async () => {
      const parsed = await check('salaryInput', {
        ...v,
        jobTitle: v.jobTitle || undefined,
        schoolType: v.schoolType || undefined,
        borough: v.borough || undefined,
        yearsExperience: v.yearsExperience || undefined,
      });
      if (!parsed.ok || isAuthenticated) return parsed;
      signInRequired('Please sign in to submit salary data.');
      return { ok: false, fields: {} };
    },
    write: (json) => ({
      request: { kind: 'salary', ...to(client.salaries, '$post', { json }), label: `Salary: ${json.jobTitle}` },
      messages: {
        success: SUCCESS.salary,
        signIn: 'Please sign in to submit salary data.',
        error: { description: 'Failed to submit salary data. Please try again.' },
      },
    }),
    done: () => {
      f.reset();
      onDone();
    },
  });
  return (
    <form ref={ref} onSubmit={onSubmit} noValidate className="card bg-base-100 border border-base-300" data-testid="salary-form">
      <div className="card-body p-5">
        <h2 className="card-title text-lg">Share Your Salary</h2>
        <p className="text-sm opacity-80">
          Anonymous: your name is never shown with your salary, and averages appear only for groups of several teachers.
        </p>
        <div className="grid sm:grid-cols-2 gap-x-4">
          {SELECTS.map(([key, label, options]) => (
            <SelectField key={key} label={label} {...f.field(key)} options={options} empty="Choose…" />
          ))}
          <TextField
            label="Annual salary (£)"
            {...f.field('annualSalary')}
            hint="Between £15,000 and £200,000"
            inputMode="numeric"
            onFocus={(e) => e.target.value === '0' && e.target.select()}
          />
        </div>
        <TextAreaField label="Additional benefits (optional)" rows={2} {...f.field('additionalBenefits')} />
        <div className="card-actions justify-end mt-2">
          <SubmitButton busy={f.busy} label="Submit Salary" busyLabel="Submitting..." />
        </div>
      </div>
    </form>
  );
}
