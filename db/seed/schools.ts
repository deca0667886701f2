// Maps a row of the London schools register extract (GIAS fields, see ATTRIBUTION.md) onto the
// product's school shape (product §3).
import type { NewSchool } from '../schema';

const RATINGS: Record<string, string> = {
  outstanding: 'Outstanding',
  good: 'Good',
  'requires improvement': 'Requires Improvement',
  inadequate: 'Inadequate',
};

export function normaliseOfsted(value: string | undefined | null): string | null {
  if (!value) return null;
  return RATINGS[value.trim().toLowerCase()] ?? null;
}

const int = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : null);
const str = (v: string | undefined, max?: number) => {
  const s = (v ?? '').replace(/\s+/g, ' ').trim();
  if (!s) return null;
  return max && s.length > max ? s.slice(0, max) : s;
};

/** "Early Years, Primary, Secondary, Sixth Form" style text from phase and statutory ages. */
export function keyStagesFor(phase: string | null, low: number | null, high: number | null): string | null {
  const stages: string[] = [];
  if (low != null && high != null) {
    if (low < 5) stages.push('Early Years');
    if (low <= 10 && high >= 5) stages.push('Primary');
    if (low <= 15 && high >= 12) stages.push('Secondary');
    if (high >= 17) stages.push('Sixth Form');
  } else {
    const byPhase: Record<string, string[]> = {
      Nursery: ['Early Years'],
      Primary: ['Primary'],
      Secondary: ['Secondary'],
      'All-through': ['Primary', 'Secondary'],
      '16 plus': ['Sixth Form'],
    };
    stages.push(...(byPhase[phase ?? ''] ?? []));
  }
  return stages.length ? stages.join(', ') : null;
}

const SEND_TYPES = /special|non-maintained special|special post 16/i;

/** Primary / Secondary / SEND (product §9 education levels), comma-separated when a school is several. */
export function educationLevelFor(type: string | null, phase: string | null, keyStages: string | null): string | null {
  const levels: string[] = [];
  if (type && SEND_TYPES.test(type)) levels.push('SEND');
  const ks = keyStages ?? '';
  if (phase === 'Primary' || phase === 'Nursery' || /Primary|Early Years/.test(ks)) levels.push('Primary');
  if (phase === 'Secondary' || phase === '16 plus' || /Secondary|Sixth Form/.test(ks)) levels.push('Secondary');
  return levels.length ? [...new Set(levels)].join(', ') : null;
}

export function websiteUrl(v: string | undefined): string | null {
  const s = str(v);
  if (!s) return null;
  return /^https?:\/\//i.test(s) ? s : `http://${s.replace(/^\/+/, '')}`;
}

/**
 * A school's columns the register holds, which a register import compares and updates
 * (api/schools/register-import.ts) and the seed fills where a school holds nothing (db/seed/index.ts).
 * Latitude/longitude are not in the register's extract (it has a British grid reference), so an
 * import keeps them.
 */
export const REGISTER_FIELDS = [
  'name',
  'address',
  'postcode',
  'website',
  'phoneNumber',
  'dfeNumber',
  'type',
  'typeGroup',
  'phase',
  'educationLevel',
  'borough',
  'numberOfPupils',
  'keyStages',
  'ofstedRating',
  'ofstedInspectionDate',
  'headteacher',
  'ageRange',
  'gender',
  'admissionPolicy',
  'religiousCharacter',
  'trustName',
] as const satisfies readonly (keyof NewSchool)[];

export function mapRegisterRow(r: Record<string, string>): NewSchool | null {
  const urn = int(r.urn);
  const name = str(r.name, 255);
  const borough = str(r.borough, 100);
  if (!urn || !name || !borough) return null;
  const low = int(r.statutory_low_age);
  const high = int(r.statutory_high_age);
  const phase = str(r.phase);
  const type = str(r.type, 100);
  const keyStages = keyStagesFor(phase, low, high);
  const address = [r.street, r.locality, r.town, r.postcode]
    .map((p) => str(p))
    .filter(Boolean)
    .join(', ');
  const estab = str(r.establishment_number);
  return {
    urn,
    name,
    address: address || null,
    postcode: str(r.postcode),
    website: websiteUrl(r.website),
    phoneNumber: str(r.phone, 20),
    dfeNumber: str(r.dfe_number) ?? (estab && r.la_code ? `${r.la_code}/${estab}` : null),
    type,
    typeGroup: str(r.type_group),
    phase,
    educationLevel: educationLevelFor(type, phase, keyStages),
    borough,
    numberOfPupils: int(r.number_of_pupils),
    numberOfStaff: int(r.number_of_staff),
    keyStages,
    ofstedRating: normaliseOfsted(r.ofsted_rating),
    ofstedInspectionDate: /^\d{4}-\d{2}-\d{2}$/.test(r.ofsted_last_inspection ?? '') ? r.ofsted_last_inspection : null,
    headteacher: str(r.headteacher, 100),
    ageRange: low != null && high != null ? `${low}-${high}` : null,
    gender: str(r.gender),
    admissionPolicy: str(r.admissions_policy, 100),
    religiousCharacter: str(r.religious_character?.replace(/\s*\(group\)$/, ''), 100),
    trustName: str(r.trust_name),
    latitude: r.latitude ? Number(r.latitude) : null,
    longitude: r.longitude ? Number(r.longitude) : null,
  };
}

/** The staff figures of one school from the School Workforce Census file (london-schools-workforce-2018.csv). */
export type Workforce = Pick<
  NewSchool,
  | 'workforceCensus'
  | 'teachersFte'
  | 'teachersHeadcount'
  | 'teachingAssistantsFte'
  | 'teachingAssistantsHeadcount'
  | 'supportStaffFte'
  | 'supportStaffHeadcount'
  | 'pupilTeacherRatio'
>;

/** No figures: what a school the census does not cover holds. */
export const NO_WORKFORCE: Required<Workforce> = {
  workforceCensus: null,
  teachersFte: null,
  teachersHeadcount: null,
  teachingAssistantsFte: null,
  teachingAssistantsHeadcount: null,
  supportStaffFte: null,
  supportStaffHeadcount: null,
  pupilTeacherRatio: null,
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** "2018 (Nov 2018 SWF census; …)" → "2018-11": the month the census counted, or null. */
export function censusMonth(v: string | undefined): string | null {
  const m = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? (\d{4})\b/i.exec(v ?? '');
  return m ? `${m[2]}-${String(MONTHS.indexOf(m[1].toLowerCase()) + 1).padStart(2, '0')}` : null;
}

const decimal = (v: string | undefined) => (v && /^\d+(\.\d+)?$/.test(v) ? Number(v) : null);

/**
 * One row of the workforce file, or null when it names no URN or no census month (a figure is
 * never kept without its date). Suppressed cells ("SUPP", "x") are null, not zero.
 */
export function mapWorkforceRow(r: Record<string, string>): { urn: number; workforce: Required<Workforce> } | null {
  const urn = int(r.urn);
  const census = censusMonth(r.year);
  if (!urn || !census) return null;
  return {
    urn,
    workforce: {
      workforceCensus: census,
      teachersFte: decimal(r.teachers_fte),
      teachersHeadcount: int(r.teachers_headcount),
      teachingAssistantsFte: decimal(r.teaching_assistants_fte),
      teachingAssistantsHeadcount: int(r.teaching_assistants_headcount),
      supportStaffFte: decimal(r.non_classroom_support_staff_excl_auxiliary_fte),
      supportStaffHeadcount: int(r.non_classroom_support_staff_excl_auxiliary_headcount),
      pupilTeacherRatio: decimal(r.pupil_teacher_ratio),
    },
  };
}
