import { describe, expect, it } from 'vitest';
import { formErrors, interviewInput, moodInput, reviewInput, salaryInput, threadInput } from './validation';

const errors = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? {} : formErrors(r.error as never);
};

describe('review', () => {
  it('gives the product messages', () => {
    expect(errors(reviewInput, { pros: 'short', cons: '', jobTitle: ' ', yearsAtSchool: '' })).toEqual({
      overallRating: 'Rating must be between 1 and 5',
      pros: 'Please provide at least 10 characters',
      cons: 'Please provide at least 10 characters',
      jobTitle: 'Job title is required',
      yearsAtSchool: 'Years at school is required',
    });
    expect(errors(reviewInput, {})).toMatchObject({ pros: 'Please provide at least 10 characters', jobTitle: 'Job title is required' });
  });
  it('needs the overall rating, leaves the other five unrated (null), defaults recommend and status, and refuses 6', () => {
    const given = {
      pros: 'Great colleagues',
      cons: 'Long meetings',
      jobTitle: 'Teacher',
      yearsAtSchool: '1-2 years',
      adviceToManagement: '  ',
    };
    expect(errors(reviewInput, given)).toEqual({ overallRating: 'Rating must be between 1 and 5' });
    const ok = reviewInput.parse({ ...given, overallRating: 4, cultureRating: null, leadershipRating: 2 });
    expect(ok).toMatchObject({
      overallRating: 4,
      workLifeBalanceRating: null,
      compensationRating: null,
      careerOpportunitiesRating: null,
      cultureRating: null,
      leadershipRating: 2,
      wouldRecommend: true,
      employmentStatus: 'Current',
      adviceToManagement: undefined,
    });
    expect(errors(reviewInput, { ...ok, overallRating: 6 })).toEqual({ overallRating: 'Rating must be between 1 and 5' });
    expect(errors(reviewInput, { ...ok, cultureRating: 0 })).toEqual({ cultureRating: 'Rating must be between 1 and 5' });
  });
});

describe('interview', () => {
  it('needs 20 characters of process description', () => {
    expect(errors(interviewInput, { jobTitle: 'Teacher', processDescription: 'Too short' })).toEqual({
      processDescription: 'Please provide at least 20 characters',
    });
    expect(interviewInput.parse({ jobTitle: 'Teacher', processDescription: 'A lesson, a panel and a tour.' })).toMatchObject({
      interviewDifficulty: 'Medium',
      outcome: 'Offer',
    });
  });
});

describe('salary', () => {
  const base = { jobTitle: 'Primary Teacher', schoolType: 'Academy', borough: 'Camden', yearsExperience: '0-2 years' };
  it('bounds the salary with the product messages; non-numeric becomes 0', () => {
    expect(errors(salaryInput, { ...base, annualSalary: 14999 })).toEqual({ annualSalary: 'Salary must be at least £15,000' });
    expect(errors(salaryInput, { ...base, annualSalary: 200001 })).toEqual({ annualSalary: 'Salary must be less than £200,000' });
    expect(errors(salaryInput, { ...base, annualSalary: 'lots' })).toEqual({ annualSalary: 'Salary must be at least £15,000' });
    expect(salaryInput.parse({ ...base, annualSalary: '£42,500' }).annualSalary).toBe(42500);
  });
  it('requires each list value', () => {
    expect(errors(salaryInput, { annualSalary: 30000 })).toEqual({
      jobTitle: 'Job title is required',
      schoolType: 'School type is required',
      borough: 'Borough is required',
      yearsExperience: 'Years of experience is required',
    });
    expect(errors(salaryInput, { ...base, borough: 'Paris', annualSalary: 30000 })).toEqual({ borough: 'Choose one of the options' });
  });
});

describe('mood and thread', () => {
  it('derives the emoji from the mood and drops an empty comment', () => {
    expect(moodInput.parse({ mood: 'stressed', emoji: '🤩', comment: '   ' })).toEqual({
      mood: 'stressed',
      emoji: '😰',
      comment: undefined,
      anonymous: false,
    });
    expect(errors(moodInput, {})).toEqual({ mood: 'Please choose a mood' });
  });
  it('bounds the thread title', () => {
    expect(errors(threadInput, { title: 'x'.repeat(201), content: 'c', categoryId: 1 })).toEqual({
      title: 'Title must be at most 200 characters',
    });
    expect(errors(threadInput, {})).toEqual({
      title: 'Title is required',
      content: 'Content is required',
      categoryId: 'Please choose a category',
    });
  });
});

describe('numbers from JSON or form fields', () => {
  const base = { pros: 'Great colleagues', cons: 'Long meetings', jobTitle: 'Teacher', yearsAtSchool: '1-2 years' };
  it('accepts numbers and digit strings, refuses booleans, arrays and empty strings', () => {
    expect(reviewInput.parse({ ...base, overallRating: '4' }).overallRating).toBe(4);
    expect(errors(reviewInput, { ...base, overallRating: true })).toEqual({ overallRating: 'Rating must be between 1 and 5' });
    expect(errors(reviewInput, { ...base, overallRating: [3] })).toEqual({ overallRating: 'Rating must be between 1 and 5' });
    expect(errors(reviewInput, { ...base, overallRating: '' })).toEqual({ overallRating: 'Rating must be between 1 and 5' });
    expect(errors(reviewInput, { ...base, overallRating: 2.5 })).toEqual({ overallRating: 'Rating must be between 1 and 5' });
    expect(threadInput.parse({ title: 't', content: 'c', categoryId: '3' }).categoryId).toBe(3);
    expect(errors(threadInput, { title: 't', content: 'c', categoryId: true })).toEqual({ categoryId: 'Please choose a category' });
    expect(errors(threadInput, { title: 't', content: 'c', categoryId: '0x10' })).toEqual({ categoryId: 'Please choose a category' });
  });
});
