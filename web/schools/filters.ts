/** The schools list's filters in the URL (the page reads them; its filter selects set them). */
export const SCHOOL_FILTER_KEYS = ['search', 'borough', 'educationLevel', 'type', 'exact'] as const;
