// The forms' schemas for the browser: loaded by check.ts in a chunk of its own (zod and the
// schemas, ~25 kB gzip), after the first render, never with a page's first load (the server-rendered first visit).
import '../lib/zod-csp';

export {
  formErrors,
  interviewInput,
  moodInput,
  postInput,
  rejectInput,
  reportInput,
  reviewInput,
  reviewResponseInput,
  salaryInput,
  schoolJobDateErrors,
  schoolJobInput,
  schoolProfileInput,
  threadInput,
} from '../../core/validation';
