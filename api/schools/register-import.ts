// Refreshes the schools from the official GIAS register extract (edubasealldataYYYYMMDD.csv, as
// published: Windows-1252, GIAS's own column names). Keeps the 33 London authorities (LA codes
// 201-213, 301-320), upserts by URN: new open schools added, changed fields updated, closed ones
// marked inactive (never deleted: reviews point at them). One transaction.
//
//   npm run schools:import -- path/to/edubasealldata20261101.csv
//
// See docs/decisions/0405-gias-register-refresh.md.
import { eq } from 'drizzle-orm';
import type { DB, Tx } from '../../db/client';
import { BOROUGHS } from '../../core/constants';
import { schools, type NewSchool } from '../../db/schema';
import { parseCsvRecords } from '../../db/seed/csv';
import { optimizeSearchIndexes } from '../../db/search-index';
import { mapRegisterRow, REGISTER_FIELDS } from '../../db/seed/schools';

/** DfE local authority codes of the 33 London authorities. */
export const LONDON_LA_CODES: Record<string, (typeof BOROUGHS)[number]> = {
  '201': 'City of London',
  '202': 'Camden',
  '203': 'Greenwich',
  '204': 'Hackney',
  '205': 'Hammersmith and Fulham',
  '206': 'Islington',
  '207': 'Kensington and Chelsea',
  '208': 'Lambeth',
  '209': 'Lewisham',
  '210': 'Southwark',
  '211': 'Tower Hamlets',
  '212': 'Wandsworth',
  '213': 'Westminster',
  '301': 'Barking and Dagenham',
  '302': 'Barnet',
  '303': 'Bexley',
  '304': 'Brent',
  '305': 'Bromley',
  '306': 'Croydon',
  '307': 'Ealing',
  '308': 'Enfield',
  '309': 'Haringey',
  '310': 'Harrow',
  '311': 'Havering',
  '312': 'Hillingdon',
  '313': 'Hounslow',
  '314': 'Kingston upon Thames',
  '315': 'Merton',
  '316': 'Newham',
  '317': 'Redbridge',
  '318': 'Richmond upon Thames',
  '319': 'Sutton',
  '320': 'Waltham Forest',
};

// Windows-1252 is Latin-1 except for 0x80-0x9F (WHATWG Encoding Standard's index). Node 20.18.3+
// decodes `new TextDecoder('windows-1252')` as plain Latin-1 (nodejs/node#56542, #60888), which
// turns the register's ’ into a control character, so the table is applied here.
const CP1252_80_9F = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019,
  0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\x80-\x9f]/g, (c) => String.fromCharCode(CP1252_80_9F[c.charCodeAt(0) - 0x80]));
}

/** The extract is Windows-1252; a file re-saved as UTF-8 with a byte order mark is read as UTF-8. */
export function decodeGias(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  return decodeWindows1252(bytes);
}

const clean = (v: string | undefined) => {
  const s = (v ?? '').replace(/\s+/g, ' ').trim();
  return s && !/^(not applicable|not recorded|unknown)$/i.test(s) ? s : '';
};

/** GIAS dates are dd-mm-yyyy; the schools table keeps yyyy-mm-dd. */
function isoDate(v: string | undefined): string {
  const s = clean(v);
  const m = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(s);
  if (m) return `${m[3]}-${m[2]}-${m[1]}`;
  return /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : '';
}

function ofsted(v: string | undefined): string {
  const s = clean(v);
  // Serious weaknesses and special measures are the two categories of an Inadequate judgement.
  return /^(serious weaknesses|special measures)$/i.test(s) ? 'Inadequate' : s;
}

/** One GIAS row in the shape of the shipped register extract (db/seed/london-schools.csv). */
export function registerRecord(r: Record<string, string>, borough: string): Record<string, string> {
  const la = clean(r['LA (code)']);
  const estab = clean(r.EstablishmentNumber);
  return {
    urn: clean(r.URN),
    name: clean(r.EstablishmentName),
    street: clean(r.Street),
    locality: clean(r.Locality),
    town: clean(r.Town),
    postcode: clean(r.Postcode),
    website: clean(r.SchoolWebsite),
    phone: clean(r.TelephoneNum),
    type: clean(r['TypeOfEstablishment (name)']),
    type_group: clean(r['EstablishmentTypeGroup (name)']),
    // "Not applicable" is a real phase (independent schools, PRUs, colleges); the shipped data keeps it.
    phase: (r['PhaseOfEducation (name)'] ?? '').trim(),
    borough,
    la_code: la,
    establishment_number: estab,
    dfe_number: la && estab ? `${la}/${estab}` : '',
    number_of_pupils: clean(r.NumberOfPupils),
    statutory_low_age: clean(r.StatutoryLowAge),
    statutory_high_age: clean(r.StatutoryHighAge),
    gender: clean(r['Gender (name)']),
    religious_character: clean(r['ReligiousCharacter (name)']),
    admissions_policy: clean(r['AdmissionsPolicy (name)']),
    headteacher: [clean(r['HeadTitle (name)']), clean(r.HeadFirstName), clean(r.HeadLastName)].filter(Boolean).join(' '),
    ofsted_rating: ofsted(r['OfstedRating (name)']),
    ofsted_last_inspection: isoDate(r.OfstedLastInsp),
    trust_name: clean(r['Trusts (name)']),
  };
}

export interface GiasSummary {
  rows: number;
  london: number;
  added: number;
  updated: number;
  unchanged: number;
  closed: number;
  /** Of the updated: inactive schools the register lists as open again. */
  reopened: number;
  /** DfE numbers an open school took over from a closed one that held them. */
  dfeNumbersMoved: number;
  skipped: number;
  skipReasons: Record<string, number>;
  /** Field updates per column (what changed most). */
  changedFields: Record<string, number>;
}

const OPEN = /^open(, but proposed to close)?$/i;

type School = typeof schools.$inferSelect;
type Mapped = NonNullable<ReturnType<typeof mapRegisterRow>>;

/** One import's state: the register as it was, who holds each DfE number, and the counts so far. */
interface Run {
  tx: Tx;
  now: Date;
  summary: GiasSummary;
  existing: Map<number, School>;
  dfeOwner: Map<string, number>;
  closedInExtract: Set<number>;
  seen: Set<number>;
}

function skip(run: Run, reason: string) {
  run.summary.skipped++;
  run.summary.skipReasons[reason] = (run.summary.skipReasons[reason] ?? 0) + 1;
}

/** The fields the extract changes: a blank cell in the extract never erases what we hold. */
function registerChanges(mapped: Mapped, current: School): Partial<NewSchool> {
  const changes: Partial<NewSchool> = {};
  for (const field of REGISTER_FIELDS) {
    const value = mapped[field];
    if (value == null || value === '') continue;
    if (value === current[field]) continue;
    // "020 7283 1147" and "02072831147" are the same number.
    if (field === 'phoneNumber' && String(value).replace(/\D/g, '') === (current.phoneNumber ?? '').replace(/\D/g, '')) continue;
    (changes as Record<string, unknown>)[field] = value;
  }
  return changes;
}

/**
 * The DfE number (LA code/EstablishmentNumber) is the register's: an open school takes it from a
 * closed one (a successor can keep its predecessor's number); one another open school holds is
 * left out rather than failing the unique index.
 */
function claimDfeNumber(run: Run, mapped: Mapped, urn: number) {
  const owner = mapped.dfeNumber ? run.dfeOwner.get(mapped.dfeNumber) : undefined;
  if (!mapped.dfeNumber || owner === undefined || owner === urn) return;
  if (run.closedInExtract.has(owner) || run.existing.get(owner)?.isActive === false) {
    run.tx.update(schools).set({ dfeNumber: null, updatedAt: run.now }).where(eq(schools.urn, owner)).run();
    run.dfeOwner.delete(mapped.dfeNumber);
    run.summary.dfeNumbersMoved++;
  } else mapped.dfeNumber = null;
}

/** A school the extract lists as closed: closed here too. */
function closeSchool(run: Run, current: School | undefined) {
  if (!current) skip(run, 'closed, not in our register');
  else if (current.isActive) {
    run.tx.update(schools).set({ isActive: false, updatedAt: run.now }).where(eq(schools.id, current.id)).run();
    run.summary.closed++;
  } else run.summary.unchanged++;
}

function addSchool(run: Run, mapped: Mapped, urn: number) {
  const { latitude: _lat, longitude: _lng, ...school } = mapped;
  run.tx
    .insert(schools)
    .values({ ...school, isActive: true })
    .run();
  if (school.dfeNumber) run.dfeOwner.set(school.dfeNumber, urn);
  run.summary.added++;
}

/** An open school we hold: its changed fields, and open again if we had it closed. */
function updateSchool(run: Run, mapped: Mapped, current: School, urn: number) {
  const { summary } = run;
  const changes = registerChanges(mapped, current);
  const reopening = !current.isActive;
  const changed = Object.keys(changes);
  if (!changed.length && !reopening) {
    summary.unchanged++;
    return;
  }
  run.tx
    .update(schools)
    .set({ ...changes, isActive: true, updatedAt: run.now })
    .where(eq(schools.id, current.id))
    .run();
  if (changes.dfeNumber) {
    if (current.dfeNumber) run.dfeOwner.delete(current.dfeNumber);
    run.dfeOwner.set(changes.dfeNumber, urn);
  }
  for (const f of changed) summary.changedFields[f] = (summary.changedFields[f] ?? 0) + 1;
  summary.updated++;
  if (reopening) summary.reopened++;
}

/** One row of the extract: London, once, open or closed, then added or updated. */
function importRow(run: Run, r: Record<string, string>) {
  const urn = Number(clean(r.URN));
  if (!Number.isInteger(urn) || urn <= 0) return skip(run, 'no URN');
  const borough = LONDON_LA_CODES[clean(r['LA (code)'])];
  if (!borough) return skip(run, 'not a London authority');
  run.summary.london++;
  if (run.seen.has(urn)) return skip(run, 'duplicate URN in the file');
  run.seen.add(urn);
  const status = clean(r['EstablishmentStatus (name)']);
  const current = run.existing.get(urn);
  if (/^closed$/i.test(status)) return closeSchool(run, current);
  if (!OPEN.test(status)) return skip(run, status ? `status "${status}"` : 'no status');
  const mapped = mapRegisterRow(registerRecord(r, borough));
  if (!mapped) return skip(run, 'no name');
  claimDfeNumber(run, mapped, urn);
  if (!current) addSchool(run, mapped, urn);
  else updateSchool(run, mapped, current, urn);
}

export function importGias(db: DB, csv: string, now = new Date()): GiasSummary {
  const rows = parseCsvRecords(csv);
  const summary: GiasSummary = {
    rows: rows.length,
    london: 0,
    added: 0,
    updated: 0,
    unchanged: 0,
    closed: 0,
    reopened: 0,
    dfeNumbersMoved: 0,
    skipped: 0,
    skipReasons: {},
    changedFields: {},
  };
  if (rows.length && !('URN' in rows[0] && 'LA (code)' in rows[0] && 'EstablishmentStatus (name)' in rows[0])) {
    throw new Error('Not a GIAS extract: the columns URN, "LA (code)" and "EstablishmentStatus (name)" are missing');
  }
  db.transaction((tx) => {
    const existing = new Map(
      tx
        .select()
        .from(schools)
        .all()
        .map((s) => [s.urn, s]),
    );
    const run: Run = {
      tx,
      now,
      summary,
      existing,
      dfeOwner: new Map([...existing.values()].filter((s) => s.dfeNumber).map((s) => [s.dfeNumber!, s.urn])),
      closedInExtract: new Set(
        rows.filter((r) => /^closed$/i.test(clean(r['EstablishmentStatus (name)']))).map((r) => Number(clean(r.URN))),
      ),
      seen: new Set(),
    };
    for (const r of rows) importRow(run, r);
  });
  // The register's bulk writes are over: the schools index in one segment again.
  optimizeSearchIndexes(db.$client, ['schools_fts']);
  return summary;
}

export function formatSummary(s: GiasSummary): string {
  const lines = [
    `Rows read: ${s.rows} (London authorities: ${s.london})`,
    `Added: ${s.added}`,
    `Updated: ${s.updated}${s.reopened ? ` (${s.reopened} reopened)` : ''}`,
    `Closed (marked inactive): ${s.closed}`,
    ...(s.dfeNumbersMoved ? [`DfE numbers moved from a closed school to its open successor: ${s.dfeNumbersMoved}`] : []),
    `Unchanged: ${s.unchanged}`,
    `Skipped: ${s.skipped}`,
    ...Object.entries(s.skipReasons)
      .sort((a, b) => b[1] - a[1])
      .map(([reason, n]) => `  ${reason}: ${n}`),
  ];
  const fields = Object.entries(s.changedFields).sort((a, b) => b[1] - a[1]);
  if (fields.length) lines.push('Fields changed:', ...fields.map(([f, n]) => `  ${f}: ${n}`));
  return lines.join('\n');
}
