// What a school's register and census figures say, as the pages print them (product §3): register
// placeholders ("Not applicable", "Does not apply") never reach a sentence, and a School Workforce
// Census figure is never shown without the census it was counted in (decision 0306).

/** The register's words for "no value": a field holding one of these is left out, not printed. */
const PLACEHOLDER = /^(not applicable|does not apply|not recorded|not known|unknown|n\/a|none recorded)$/i;

/** A register value worth printing, or null (blank or a placeholder). */
export function registerValue(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v && !PLACEHOLDER.test(v) ? v : null;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2018-11" → "November 2018 census". */
export function censusLabel(census: string | null | undefined): string | null {
  const m = /^(\d{4})-(\d{2})$/.exec(census ?? '');
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return null;
  return `${MONTHS[Number(m[2]) - 1]} ${m[1]} census`;
}

/** The census figures a school row carries (all null when the census has none for it). */
export interface Workforce {
  workforceCensus: string | null;
  teachersFte: number | null;
  teachersHeadcount: number | null;
  teachingAssistantsFte: number | null;
  teachingAssistantsHeadcount: number | null;
  supportStaffFte: number | null;
  supportStaffHeadcount: number | null;
  pupilTeacherRatio: number | null;
}

/** What the compare card and the page say where the census has no figure for the school. */
export const NOT_PUBLISHED = 'Not published';

// Made once: toLocaleString with options builds a new formatter on every call (50 cards a page).
const ONE_DECIMAL = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });
const WHOLE = new Intl.NumberFormat('en-GB');
const oneDecimal = (n: number) => ONE_DECIMAL.format(n);

/** "Teachers: 19.1 FTE, November 2018 census", or null when the census has no teachers figure. */
export function teachersLine(s: Workforce): string | null {
  const census = censusLabel(s.workforceCensus);
  return census && s.teachersFte != null ? `Teachers: ${oneDecimal(s.teachersFte)} FTE, ${census}` : null;
}

/** One figure of the school page's staff rows: "19.1 FTE (24 people)". */
function fteAndPeople(fte: number | null, people: number | null): string | null {
  if (fte == null) return null;
  return `${oneDecimal(fte)} FTE${people != null ? ` (${WHOLE.format(people)} ${people === 1 ? 'person' : 'people'})` : ''}`;
}

interface StaffFigure {
  label: string;
  value: string;
  /** What the figure counts, when its label alone would mislead. */
  note?: string;
  census: string;
}

/** The school page's staff rows, each with its census; empty when the census has none. */
export function staffFigures(s: Workforce): StaffFigure[] {
  const census = censusLabel(s.workforceCensus);
  if (!census) return [];
  const rows: (Omit<StaffFigure, 'census' | 'value'> & { value: string | null })[] = [
    { label: 'Teachers', value: fteAndPeople(s.teachersFte, s.teachersHeadcount) },
    { label: 'Teaching assistants', value: fteAndPeople(s.teachingAssistantsFte, s.teachingAssistantsHeadcount) },
    // The census's own split: non-classroom support staff, without teaching assistants and auxiliary staff.
    {
      label: 'Support staff',
      value: fteAndPeople(s.supportStaffFte, s.supportStaffHeadcount),
      note: 'not teaching assistants or auxiliary staff',
    },
    { label: 'Pupils per teacher', value: s.pupilTeacherRatio != null ? oneDecimal(s.pupilTeacherRatio) : NOT_PUBLISHED },
  ];
  return rows.filter((r) => r.value != null).map((r) => ({ ...r, value: r.value!, census }));
}

/**
 * The compare card's pupil-staff ratio: pupils per full-time-equivalent teacher, both counted in
 * the same census (the publication's own ratio, rounded, "N:1"), with that census; "Not published"
 * where the census has no ratio for the school. Today's pupil count over 2018's teachers would mix
 * two dates, so it is never computed that way.
 */
export function pupilStaffRatio(s: Workforce): string {
  const census = censusLabel(s.workforceCensus);
  if (!census || s.pupilTeacherRatio == null || s.pupilTeacherRatio <= 0) return NOT_PUBLISHED;
  return `${Math.round(s.pupilTeacherRatio)}:1 pupils per teacher, ${census}`;
}
