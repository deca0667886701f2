// The alert and reminder emails: a plain-text part and a simple HTML part (one column, system
// fonts, no images, no tracking), each job with title, school, borough, salary, closing date and
// its link.
import { escapeHtml as esc } from '../../../core/html';
import { closingTimeOf } from '../../../core/london-time';
import type { AlertFilters } from '../../../db/schema';

export interface MailJob {
  id: number;
  title: string;
  schoolName: string | null;
  employerName: string | null;
  borough: string;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryText: string | null;
  applicationDeadline: Date | null;
}

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });
const day = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'short',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

export function salaryOf(j: MailJob): string {
  if (j.salaryMin != null)
    return j.salaryMax != null ? `${gbp.format(j.salaryMin)} - ${gbp.format(j.salaryMax)}` : `${gbp.format(j.salaryMin)}+`;
  return j.salaryText?.trim() || 'Not stated';
}
/** "Mon 7 December 2026", with the London time the school set when it is not the end of the day ("… at 12:00"). */
export function closingOf(j: MailJob): string {
  if (!j.applicationDeadline) return 'Not stated';
  const time = closingTimeOf(j.applicationDeadline);
  return `${day.format(j.applicationDeadline).replace(',', '')}${time ? ` at ${time}` : ''}`;
}
export const schoolOf = (j: MailJob) => j.schoolName ?? j.employerName ?? 'School not stated';

/** The address of the alert's results: the Jobs screen with its filters, or the followed school. */
export function alertListUrl(appUrl: string, filters: AlertFilters): string {
  if (filters.schoolId) return `${appUrl}/schools/${filters.schoolId}`;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== '' && k !== 'schoolId') q.set(k, String(v));
  const s = q.toString();
  return `${appUrl}/jobs${s ? `?${s}` : ''}`;
}

export const MAX_JOBS_PER_MESSAGE = 20;

function jobText(appUrl: string, j: MailJob) {
  return [
    j.title,
    `  ${schoolOf(j)}, ${j.borough}`,
    `  Salary: ${salaryOf(j)}`,
    `  Closing date: ${closingOf(j)}`,
    `  ${appUrl}/jobs/${j.id}`,
  ].join('\n');
}

function jobHtml(appUrl: string, j: MailJob) {
  return `<tr><td style="padding:12px 0;border-bottom:1px solid #ddd">
<a href="${esc(`${appUrl}/jobs/${j.id}`)}" style="font-size:17px;font-weight:bold;color:#1d4ed8">${esc(j.title)}</a><br>
<span>${esc(schoolOf(j))}, ${esc(j.borough)}</span><br>
<span>Salary: ${esc(salaryOf(j))}</span><br>
<span>Closing date: ${esc(closingOf(j))}</span>
</td></tr>`;
}

export function page(title: string, inner: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title></head>
<body style="margin:0;padding:16px;font-family:-apple-system,Segoe UI,Roboto,Arial,sans-serif;font-size:16px;line-height:1.45;color:#111;background:#fff">
<div style="max-width:600px;margin:0 auto">${inner}</div></body></html>`;
}

export function alertEmail(o: {
  appUrl: string;
  alertName: string;
  filters: AlertFilters;
  jobs: MailJob[];
  total: number;
  unsubscribeUrl: string;
}) {
  const shown = o.jobs.slice(0, MAX_JOBS_PER_MESSAGE);
  const n = o.total;
  const subject = `${n} new ${n === 1 ? 'job' : 'jobs'} for "${o.alertName}"`;
  const listUrl = alertListUrl(o.appUrl, o.filters);
  const more = n > shown.length ? `Showing ${shown.length} of ${n}. See all: ${listUrl}` : `See the list: ${listUrl}`;
  const manage = `${o.appUrl}/dashboard?tab=alerts`;
  const text = [
    `${n} new ${n === 1 ? 'job matches' : 'jobs match'} your alert "${o.alertName}".`,
    '',
    ...shown.map((j) => jobText(o.appUrl, j) + '\n'),
    more,
    '',
    `Manage your alerts: ${manage}`,
    `Stop this alert: ${o.unsubscribeUrl}`,
    '',
    'Teachers In London Talk',
  ].join('\n');
  const html = page(
    subject,
    `<h1 style="font-size:20px;margin:0 0 8px">${esc(`${n} new ${n === 1 ? 'job matches' : 'jobs match'} your alert "${o.alertName}"`)}</h1>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse">${shown.map((j) => jobHtml(o.appUrl, j)).join('\n')}</table>
<p style="margin:16px 0"><a href="${esc(listUrl)}" style="color:#1d4ed8">${n > shown.length ? esc(`See all ${n} jobs`) : 'See the list'}</a></p>
<p style="font-size:14px;color:#444">You get this email because you made the alert "${esc(o.alertName)}" on Teachers In London Talk.
<a href="${esc(manage)}" style="color:#1d4ed8">Manage your alerts</a> · <a href="${esc(o.unsubscribeUrl)}" style="color:#1d4ed8">Stop this alert</a></p>`,
  );
  return { subject, text, html };
}

export function reminderEmail(o: { appUrl: string; jobs: MailJob[] }) {
  const n = o.jobs.length;
  const subject = n === 1 ? `Closing soon: ${o.jobs[0].title}` : `${n} saved jobs close soon`;
  const intro = n === 1 ? 'A job you saved closes within 3 days.' : `${n} jobs you saved close within 3 days.`;
  const manage = `${o.appUrl}/dashboard?tab=profile`;
  const text = [
    intro,
    '',
    ...o.jobs.map((j) => jobText(o.appUrl, j) + '\n'),
    `Reminder settings: ${manage}`,
    '',
    'Teachers In London Talk',
  ].join('\n');
  const html = page(
    subject,
    `<h1 style="font-size:20px;margin:0 0 8px">${esc(intro)}</h1>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse">${o.jobs.map((j) => jobHtml(o.appUrl, j)).join('\n')}</table>
<p style="font-size:14px;color:#444"><a href="${esc(manage)}" style="color:#1d4ed8">Reminder settings</a></p>`,
  );
  return { subject, text, html };
}
