// The jobs' and schools' filter lists (product §9): the API validates against them (core/constants.ts
// re-exports them), the lists' filter selects show them. A module of its own, so that only the
// pages with these filters load them, and the rest of core/constants.ts stays off those pages.

/**
 * Subjects (issue 37 item 12, decision 2115): GOV.UK Teaching Vacancies' own list
 * (config/data/subjects.yml in DFE-Digital/teaching-vacancies, 40 subjects), where the product's
 * first twelve keep their names (product §9: Art for "Art and design", Modern Languages for
 * "Languages", Physical Education, Religious Studies for "Religious education", PSHE), in
 * alphabetical order. The one list for the school's job form, the jobs filters and job alerts.
 */
export const SUBJECTS = [
  'Accounting',
  'Art',
  'Biology',
  'Business studies',
  'Chemistry',
  'Citizenship',
  'Classics and Latin',
  'Computing',
  'Dance',
  'Design and technology',
  'Drama',
  'Economics',
  'Engineering',
  'English',
  'Food technology',
  'French',
  'Geography',
  'German',
  'Health and social care',
  'History',
  'Humanities',
  'ICT',
  'Law',
  'Mandarin',
  'Mathematics',
  'Media studies',
  'Modern Languages',
  'Music',
  'Philosophy',
  'Physical Education',
  'Physics',
  'Politics',
  'PSHE',
  'Psychology',
  'Religious Studies',
  'Science',
  'Social sciences',
  'Sociology',
  'Spanish',
  'Statistics',
] as const;

export const KEY_STAGES = ['Early Years', 'Primary', 'Secondary', 'Sixth Form'] as const;
export const CONTRACT_TYPES = ['Permanent', 'Temporary', 'Part-time', 'Supply'] as const;
export const EDUCATION_LEVELS = ['Primary', 'Secondary', 'SEND'] as const;

/**
 * School types offered by the jobs and schools filters (product §9), in the selects' order, plus
 * "Academy", which the product's list lacks although a third of London's schools are academies.
 * The register's names behind each are SCHOOL_TYPE_FILTERS (core/constants.ts).
 */
const SCHOOL_TYPE_LABELS = [
  'Community School',
  'Voluntary Aided School',
  'Independent School',
  'Free School',
  'Community special school',
  'Local authority nursery school',
  'Foundation School',
  'PRU',
  'Further education',
  'Free schools special',
  'Free schools 16 to 19',
  'Foundation special school',
  'Free schools alternative provision',
  'Voluntary Controlled School',
  'Sixth form centres',
  'Studio School',
  'UTC',
  'City technology college',
  'Academy',
] as const;
export type SchoolTypeLabel = (typeof SCHOOL_TYPE_LABELS)[number];
// Typed as an array as Object.keys gave it before (the API's validators take it as one).
export const SCHOOL_TYPES = SCHOOL_TYPE_LABELS as unknown as SchoolTypeLabel[];
