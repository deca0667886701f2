// Take-home pay (issue 38): a pay point or a salary, the month of the payslip and the teacher's
// settings give the full breakdown, computed in the browser by core/take-home from the pay data
// the app keeps offline (decisions 0007, 0311).
import { useState } from 'react';
import { PAY_REGIONS, PAY_SPINES } from '../../core/pay-lists';
import { LOAN_NAMES, LOAN_PLANS, periodOf, type LoanPlan, type TakeHome } from '../../core/take-home';
import { ChoiceGroup } from '../components/ChoiceGroup';
import { SelectField, TextField } from '../components/fields';
import { Icon } from '../components/Icon';
import { Breadcrumb, ErrorState } from '../components/states';
import { usePayScales } from '../data/hooks';
import { formatGBP, formatMonth } from '../lib/format';
import { evaluate, monthChoices, pointsOf, type Figures } from './calculator';
import { useTakeHomeForm } from './use-take-home-form';

const pence = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (n: number) => pence.format(n);
const monthLabel = (m: string) => formatMonth(`${m}-15T12:00:00Z`);
const taxYearLabel = (id: string) => id.replace('-', '/');

type Form = ReturnType<typeof useTakeHomeForm>;

function PayFields({ form, rows, error }: { form: Form; rows: Parameters<typeof pointsOf>[0] | undefined; error?: string }) {
  const { values: v, setAddress } = form;
  const award = periodOf(v.month)?.payAward;
  const points = rows && award ? pointsOf(rows, v.region, v.paySpine, award) : [];
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      <SelectField id="region" label="Pay area" value={v.region} onChange={(region) => setAddress({ region })} options={PAY_REGIONS} />
      <SelectField
        id="paySpine"
        label="Pay scale"
        value={v.paySpine}
        onChange={(paySpine) => setAddress({ paySpine, point: '' })}
        options={PAY_SPINES}
      />
      <SelectField
        id="point"
        label="Pay point (£ a year, full time)"
        value={v.point}
        onChange={(point) => setAddress({ point })}
        error={error}
        options={
          points.some((p) => String(p.point) === v.point)
            ? points.map((p) => ({ value: String(p.point), label: `${p.pointLabel ?? p.point} · ${formatGBP(p.annualSalary)}` }))
            : [
                { value: v.point, label: rows ? `Point ${v.point}: no figure` : 'Loading pay points…' },
                ...points.map((p) => ({ value: String(p.point), label: `${p.pointLabel ?? p.point} · ${formatGBP(p.annualSalary)}` })),
              ]
        }
      />
    </div>
  );
}

function LoanChoices({ form }: { form: Form }) {
  return (
    <ChoiceGroup
      id="loans"
      legend="Student loans"
      multiple
      value={form.values.loans}
      onChange={(loans) => form.setSetting({ loans: LOAN_PLANS.filter((p) => loans.includes(p)) })}
      options={LOAN_PLANS.map((p) => ({ value: p, label: LOAN_NAMES[p] }))}
      hint="Plan 1 (before 2012 in England), Plan 2 (2012-2023), Plan 4 (Scotland), Plan 5 (from August 2023)."
    />
  );
}

function SettingsFields({ form, fteError }: { form: Form; fteError?: string }) {
  const { values: v, setSetting } = form;
  return (
    <>
      <TextField
        id="fte"
        label="Working time (FTE, from 0.1 to 1: 1 is full time, 0.6 is three days a week)"
        inputMode="decimal"
        autoComplete="off"
        value={v.fte}
        onChange={(fte) => setSetting({ fte })}
        error={fteError}
      />
      <ChoiceGroup
        id="pension"
        legend="Teachers' Pension Scheme"
        value={v.pension}
        onChange={(pension) => setSetting({ pension: pension === 'none' ? 'none' : 'tps' })}
        options={[
          { value: 'tps', label: 'I pay in' },
          { value: 'none', label: 'I opted out' },
        ]}
      />
      <LoanChoices form={form} />
    </>
  );
}

function InputsForm({ form, figures, rows }: { form: Form; figures: Figures; rows: Parameters<typeof pointsOf>[0] | undefined }) {
  const { values: v, setAddress } = form;
  const e = figures.errors;
  return (
    <form
      className="card bg-base-100 border border-base-300"
      aria-labelledby="inputs-title"
      onSubmit={(ev) => ev.preventDefault()}
      noValidate
    >
      <div className="card-body p-4 sm:p-5 gap-1">
        <h2 id="inputs-title" className="card-title text-lg">
          Your pay
        </h2>
        <ChoiceGroup
          id="by"
          legend="Pay from"
          value={v.mode}
          onChange={(by) => setAddress({ by: by === 'salary' ? 'salary' : '' })}
          options={[
            { value: 'point', label: 'A pay point' },
            { value: 'salary', label: 'A salary I type' },
          ]}
        />
        {v.mode === 'point' ? (
          <PayFields form={form} rows={rows} error={e.point} />
        ) : (
          <TextField
            id="salary"
            label="Salary (£ a year, full time)"
            inputMode="numeric"
            autoComplete="off"
            value={v.salary}
            onChange={(salary) => setAddress({ salary })}
            error={e.salary}
            placeholder="40317"
          />
        )}
        <div className="grid gap-x-4">
          <TextField
            id="allowances"
            label="Allowances: TLR, SEN, other (£ a year, full time)"
            inputMode="numeric"
            autoComplete="off"
            value={v.allowances}
            onChange={(allowances) => setAddress({ allowances })}
            error={e.allowances}
            placeholder="0"
          />
          <SelectField
            id="month"
            label="Month of the payslip"
            value={v.month}
            onChange={(month) => setAddress({ month })}
            error={e.month}
            options={monthChoices().map((m) => ({
              value: m,
              label: `${monthLabel(m)} (tax year ${taxYearLabel(periodOf(m)?.taxYear.id ?? '')})`,
            }))}
          />
        </div>
        <SettingsFields form={form} fteError={e.fte} />
        <p className="text-xs opacity-80 flex gap-1 items-start">
          <Icon name="shield" className="size-4 shrink-0" />
          Your working time, pension and loans stay on this device: they are never sent to us.
        </p>
      </div>
    </form>
  );
}

function Line({
  label,
  month,
  year,
  minus = false,
  strong = false,
}: {
  label: string;
  month: number;
  year: number;
  minus?: boolean;
  strong?: boolean;
}) {
  const sign = minus && year > 0 ? '−' : '';
  return (
    <tr className={strong ? 'font-bold text-base' : undefined}>
      <th scope="row" className="font-normal whitespace-normal">
        {strong ? <strong>{label}</strong> : label}
      </th>
      <td className="text-right tabular-nums whitespace-nowrap">
        {sign}
        {money(month)}
      </td>
      <td className="text-right tabular-nums whitespace-nowrap">
        {sign}
        {money(year)}
      </td>
    </tr>
  );
}

function BreakdownTable({ r, month, fte }: { r: TakeHome; month: string; fte: string }) {
  const loanName = (plan: LoanPlan) => (plan === 'pgl' ? 'Postgraduate loan' : `Student loan, ${LOAN_NAMES[plan]}`);
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm" data-testid="breakdown">
        <caption className="text-left text-sm opacity-80 pb-2">
          {monthLabel(month)}, tax year {taxYearLabel(r.taxYear)}
        </caption>
        <thead className="text-base-content">
          <tr>
            <th scope="col">
              <span className="sr-only">Line</span>
            </th>
            <th scope="col" className="text-right">
              A month
            </th>
            <th scope="col" className="text-right">
              A year
            </th>
          </tr>
        </thead>
        <tbody>
          <Line label={fte === '1' ? 'Gross pay' : `Gross pay (FTE ${fte})`} month={r.monthly.gross} year={r.gross} />
          <Line
            label={r.pension.tier === null ? 'Pension: opted out' : `Pension: tier ${r.pension.tier}, ${r.pension.rate} %`}
            month={r.monthly.pension}
            year={r.pension.amount}
            minus
          />
          <Line label="Income tax" month={r.monthly.tax} year={r.tax} minus />
          <Line label="National Insurance" month={r.monthly.nationalInsurance} year={r.nationalInsurance} minus />
          {r.loans.map((l, i) => (
            <Line key={l.plan} label={loanName(l.plan)} month={r.monthly.loans[i].amount} year={l.amount} minus />
          ))}
          <Line label="Take-home pay" month={r.net.monthly} year={r.net.annual} strong />
        </tbody>
      </table>
    </div>
  );
}

function Notes({ r }: { r: TakeHome }) {
  return (
    <div className="grid gap-2 text-sm">
      {r.caveats.length > 0 && (
        <ul className="rounded-box border border-warning bg-warning/10 px-3 py-2 grid gap-1" data-testid="take-home-caveats">
          {r.caveats.map((c) => (
            <li key={c} className="flex gap-2 items-start">
              <Icon name="warning" className="size-4 shrink-0 mt-0.5" />
              <span>{c}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="opacity-80">
        Pay after pension (taxed): {money(r.taxableIncome)} a year; tax-free pay {money(r.freePay)}. An estimate for tax code 1257L with
        England's rates, worked out over the year: a payslip works month by month, so it can differ by a few pence (a student loan by up to
        £1).
      </p>
    </div>
  );
}

function Results({ figures, form }: { figures: Figures; form: Form }) {
  const [copied, setCopied] = useState(false);
  const r = figures.result;
  if (!r)
    return (
      <p className="text-sm" role="status" data-testid="take-home-empty">
        {figures.pending ? 'Loading the pay points…' : 'Correct the fields marked above to see your take-home pay.'}
      </p>
    );
  const copy = () =>
    void navigator.clipboard
      .writeText(new URL(form.linkWithSettings(), window.location.origin).href)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  return (
    <div className="grid gap-3">
      <BreakdownTable r={r} month={form.values.month} fte={form.values.fte} />
      {figures.next && (
        <p className="text-sm" data-testid="next-award">
          <Icon name="calendar" className="size-4 inline mr-1" />
          From {monthLabel(figures.next.month)} ({formatGBP(figures.next.row.annualSalary)} full time
          {figures.next.row.caveat ? ', indicative' : ''}): <strong>{money(figures.next.result.net.monthly)} a month</strong>.
        </p>
      )}
      <Notes r={r} />
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className="btn btn-sm min-h-11" onClick={copy}>
          <Icon name="share" className="size-4" />
          Copy a link with these settings
        </button>
        <span role="status" className="text-sm">
          {copied ? 'Link copied.' : ''}
        </span>
      </div>
    </div>
  );
}

export function TakeHomePage() {
  const form = useTakeHomeForm();
  // The whole pay table (one URL, kept offline from the app's start: web/offline/warm.ts).
  const { data, error, mutate } = usePayScales();
  const usesPoint = form.values.mode === 'point';
  const figures = evaluate(form.values, data);
  const r = figures.result;
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <Breadcrumb items={[{ to: '/', label: 'Home' }, { to: '/pay-scales', label: 'Pay Scales' }, { label: 'Take-home pay' }]} />
      <h1 className="text-3xl font-bold mt-2">Take-home pay</h1>
      <p className="opacity-80 mt-1 text-sm sm:text-base">
        What lands in the bank each month after pension, tax, National Insurance and student loans.
      </p>
      <p className="mt-3 text-lg" aria-live="polite" data-testid="take-home-net">
        {r ? (
          <>
            <strong className="text-2xl tabular-nums">{money(r.net.monthly)}</strong> a month after tax ({money(r.net.annual)} a year)
          </>
        ) : (
          <span className="opacity-70">Your take-home pay shows here.</span>
        )}
      </p>
      {usesPoint && error && !data && (
        <ErrorState error={error} retry={() => void mutate()} offlineText="Type a salary instead: the calculator works offline." />
      )}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] mt-4 items-start">
        <InputsForm form={form} figures={figures} rows={data} />
        <section className="card bg-base-100 border border-base-300 lg:sticky lg:top-4" aria-labelledby="breakdown-title">
          <div className="card-body p-4 sm:p-5">
            <h2 id="breakdown-title" className="card-title text-lg">
              Breakdown
            </h2>
            <Results figures={figures} form={form} />
          </div>
        </section>
      </div>
    </div>
  );
}
