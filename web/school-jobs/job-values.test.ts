// The job form's values and the API's body: a saved job comes back into the form as it was
// given, empty answers are left out (a PATCH then clears them), and the API's nested field
// names land on the form's fields.
import { describe, expect, it } from 'vitest';
import type { SchoolJob } from '../data/school-jobs';
import { emptyJobValues, formFields, jobBody, jobValues } from './job-values';

const saved = {
  id: 7,
  title: 'Teacher of Science',
  description: 'Teach **science**.',
  benefits: null,
  educationLevel: 'Secondary',
  keyStages: 'Secondary, Sixth Form',
  subjects: 'Science',
  contract: 'Fixed term',
  contractMonths: 12,
  fullTime: true,
  partTime: true,
  salaryMin: 38000,
  salaryMax: 52000,
  payScale: null,
  startDate: '2027-01-04',
  // 12:00 London on 1 July 2027 (BST) is 11:00 UTC.
  applicationDeadline: '2027-07-01T11:00:00.000Z',
  ectSuitable: true,
  visaSponsorship: false,
  applyUrl: null,
  applyEmail: 'jobs@school.example',
  roleType: 'Teacher',
  contactName: 'Ms Okafor',
  contactEmail: null,
  state: 'scheduled',
  postedAt: '2027-06-01T23:00:00.000Z',
} as unknown as SchoolJob;

describe('job form values', () => {
  it('puts a saved job back into the form: lists, London closing time, the publication day', () => {
    const v = jobValues(saved);
    expect(v).toMatchObject({
      keyStages: ['Secondary', 'Sixth Form'],
      subjects: ['Science'],
      workingPatterns: ['Full time', 'Part time'],
      contractMonths: '12',
      salaryBy: 'range',
      salaryMin: '38000',
      closingDate: '2027-07-01',
      closingTime: '12:00',
      ectSuitable: 'yes',
      visaSponsorship: 'no',
      howToApply: 'email',
      applyEmail: 'jobs@school.example',
      benefits: '',
      roleType: 'Teacher',
      contactName: 'Ms Okafor',
      contactEmail: '',
      when: 'on-date',
      publishOn: '2027-06-02',
    });
  });

  it('sends what was given and leaves empty answers out', () => {
    const body = jobBody(jobValues(saved), 'on-date');
    expect(body).toMatchObject({
      publish: 'on-date',
      publishOn: '2027-06-02',
      ectSuitable: true,
      visaSponsorship: false,
      applyEmail: 'jobs@school.example',
      roleType: 'Teacher',
      contactName: 'Ms Okafor',
    });
    expect(body.contactEmail).toBeUndefined();
    expect(body.benefits).toBeUndefined();
    expect(body.applyUrl).toBeUndefined();
    expect(body.payScale).toBeUndefined();
    const draft = jobBody({ ...emptyJobValues(), title: 'Cover supervisor', contractMonths: '6' }, 'draft');
    expect(Object.entries(draft).filter(([, x]) => x !== undefined)).toEqual([
      ['publish', 'draft'],
      ['title', 'Cover supervisor'],
    ]);
  });

  it('a pay scale pick replaces the typed range', () => {
    const v = {
      ...jobValues(saved),
      salaryBy: 'scale' as const,
      payScale: { region: 'Inner London' as const, paySpine: 'Main Pay Range' as const, effectiveDate: '2025-09-01', from: 'M1', to: 'M6' },
    };
    const body = jobBody(v, 'now');
    expect(body.payScale).toEqual(v.payScale);
    expect(body.salaryMin).toBeUndefined();
    expect(body.publishOn).toBeUndefined();
  });

  it("puts the API's nested field names on the form's fields", () => {
    expect(
      formFields({
        'payScale.from': 'Choose the first point',
        'keyStages.0': 'Choose key stages from the list',
        title: 'Job title is required',
      }),
    ).toEqual({
      payScale: 'Choose the first point',
      keyStages: 'Choose key stages from the list',
      title: 'Job title is required',
    });
  });
});
