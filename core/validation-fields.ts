// What every body schema in core/ is built from: zod set up for the browser's CSP (before any
// schema is built), the product's shared messages, and the field helpers (required and optional
// text, one of a list, a whole number).
import { z } from 'zod';
import { config } from 'zod/v4/core';
import { TEXT_MAX, TEXT_MIN } from './constants';

// In the browser (CSP without 'unsafe-eval'), zod must not probe `new Function` when these schemas
// are built: a screen's chunk may evaluate this module before web/lib/zod-csp.ts (the server-rendered first visit). The
// server keeps zod's compiled parsers.
if (typeof window !== 'undefined') config({ jitless: true });

export const MESSAGES = {
  min10: `Please provide at least ${TEXT_MIN.reviewText} characters`,
  min20: `Please provide at least ${TEXT_MIN.interviewProcess} characters`,
  jobTitle: 'Job title is required',
  yearsAtSchool: 'Years at school is required',
  schoolType: 'School type is required',
  borough: 'Borough is required',
  yearsExperience: 'Years of experience is required',
  salaryMin: 'Salary must be at least £15,000',
  salaryMax: 'Salary must be less than £200,000',
  rating: 'Rating must be between 1 and 5',
  mood: 'Please choose a mood',
  title: 'Title is required',
  titleMax: `Title must be at most ${TEXT_MAX.threadTitle} characters`,
  content: 'Content is required',
  category: 'Please choose a category',
  tooLong: (n: number) => `Please keep this under ${n.toLocaleString('en-GB')} characters`,
} as const;

/** Required text: missing, not a string or blank all answer `required`. */
export const requiredText = (required: string, max: number, min?: { length: number; message: string }) => {
  let s = z.string({ error: required }).trim().min(1, required);
  if (min) s = s.min(min.length, min.message);
  return s.max(max, MESSAGES.tooLong(max));
};

/** Optional text: trimmed; empty becomes undefined. */
export const optionalText = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, MESSAGES.tooLong(max))
    .nullish()
    .transform((v) => v || undefined);

/** One of a list; missing or empty answers `required`, anything else "Choose one of the options". */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, required: string) =>
  z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === '' || issue.input === null ? required : 'Choose one of the options'),
  });

/** A number, or a string of digits as a form field gives it; never true, [] or '' (Number() would read 1, 0, 0). */
export const wholeNumber = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message),
  );
