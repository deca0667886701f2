/** The jobs list's filters in the URL (the page reads them; its filter selects set them). */
export const JOB_FILTER_KEYS = [
  'search',
  'borough',
  'educationLevel',
  'subject',
  'keyStage',
  'contractType',
  'schoolType',
  'exact',
] as const;
