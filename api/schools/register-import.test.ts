// The GIAS register refresh on a small extract in the published format (Windows-1252 bytes,
// GIAS column names), written by the test itself.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDb } from '../../test/db';
import { openDatabase } from '../../db/client';
import { decodeGias, importGias } from './register-import';
import { schools } from '../../db/schema';

// The extract's real column names and order (the first ~70 of its ~130 columns, plus OfstedRating;
// the importer reads by name).
const HEADER = [
  'URN,LA (code),LA (name),EstablishmentNumber,EstablishmentName,TypeOfEstablishment (code)',
  'TypeOfEstablishment (name),EstablishmentTypeGroup (code),EstablishmentTypeGroup (name)',
  'EstablishmentStatus (code),EstablishmentStatus (name),ReasonEstablishmentOpened (code)',
  'ReasonEstablishmentOpened (name),OpenDate,ReasonEstablishmentClosed (code),ReasonEstablishmentClosed (name)',
  'CloseDate,PhaseOfEducation (code),PhaseOfEducation (name),StatutoryLowAge,StatutoryHighAge,Boarders (code)',
  'Boarders (name),NurseryProvision (name),OfficialSixthForm (code),OfficialSixthForm (name),Gender (code)',
  'Gender (name),ReligiousCharacter (code),ReligiousCharacter (name),ReligiousEthos (name),Diocese (code)',
  'Diocese (name),AdmissionsPolicy (code),AdmissionsPolicy (name),SchoolCapacity,SpecialClasses (code)',
  'SpecialClasses (name),CensusDate,NumberOfPupils,NumberOfBoys,NumberOfGirls,PercentageFSM',
  'TrustSchoolFlag (code),TrustSchoolFlag (name),Trusts (code),Trusts (name),SchoolSponsorFlag (name)',
  'SchoolSponsors (name),FederationFlag (name),Federations (code),Federations (name),UKPRN,FEHEIdentifier',
  'FurtherEducationType (name),OfstedLastInsp,OfstedSpecialMeasures (code),OfstedSpecialMeasures (name)',
  'LastChangedDate,Street,Locality,Address3,Town,County (name),Postcode,SchoolWebsite,TelephoneNum',
  'HeadTitle (name),HeadFirstName,HeadLastName,HeadPreferredJobTitle,GOR (code),GOR (name),Easting,Northing',
  'OfstedRating (name)',
].flatMap((line) => line.split(','));

type Row = Partial<Record<(typeof HEADER)[number], string>>;

const ROWS: Row[] = [
  // Known school, open: pupils and head change; its DfE number is the one the snapshot holds.
  {
    URN: '100000',
    'LA (code)': '201',
    'LA (name)': 'City of London',
    EstablishmentNumber: '3614',
    EstablishmentName: 'The Aldgate School',
    'TypeOfEstablishment (name)': 'Voluntary aided school',
    'EstablishmentTypeGroup (name)': 'Local authority maintained schools',
    'EstablishmentStatus (name)': 'Open',
    'PhaseOfEducation (name)': 'Primary',
    StatutoryLowAge: '3',
    StatutoryHighAge: '11',
    'Gender (name)': 'Mixed',
    NumberOfPupils: '240',
    Street: "St James's Passage",
    Town: 'London',
    Postcode: 'EC3A 5DE',
    TelephoneNum: '02072831147',
    'HeadTitle (name)': 'Mrs',
    HeadFirstName: 'Jane',
    HeadLastName: 'Doe',
    OfstedLastInsp: '12-06-2024',
    'OfstedRating (name)': 'Outstanding',
  },
  // A successor under a new URN that keeps its closed predecessor's DfE number (listed before it).
  {
    URN: '999994',
    'LA (code)': '201',
    'LA (name)': 'City of London',
    EstablishmentNumber: '6005',
    EstablishmentName: 'City of London School for Girls',
    'TypeOfEstablishment (name)': 'Other independent school',
    'EstablishmentStatus (name)': 'Open',
    'PhaseOfEducation (name)': 'Not applicable',
  },
  // Known school with no DfE number in the shipped snapshot: the extract gives it one.
  {
    URN: '131343',
    'LA (code)': '204',
    'LA (name)': 'Hackney',
    EstablishmentNumber: '6391',
    EstablishmentName: 'The Lyceum',
    'EstablishmentStatus (name)': 'Open',
  },
  // Known school, now closed.
  {
    URN: '100001',
    'LA (code)': '201',
    'LA (name)': 'City of London',
    EstablishmentName: 'City of London School for Girls',
    'EstablishmentStatus (name)': 'Closed',
  },
  // New school, with characters that differ between Windows-1252 and UTF-8.
  {
    URN: '999990',
    'LA (code)': '202',
    'LA (name)': 'Camden',
    EstablishmentNumber: '2999',
    EstablishmentName: 'St Mary’s Café Primary School',
    'TypeOfEstablishment (name)': 'Academy converter',
    'EstablishmentTypeGroup (name)': 'Academies',
    'EstablishmentStatus (name)': 'Open',
    'PhaseOfEducation (name)': 'Primary',
    StatutoryLowAge: '4',
    StatutoryHighAge: '11',
    'ReligiousCharacter (name)': 'Roman Catholic',
    NumberOfPupils: '210',
    'Trusts (name)': 'Sainte-Thérèse Catholic Academy Trust',
    Street: '1 Example Road',
    Town: 'London',
    Postcode: 'NW1 1AA',
    SchoolWebsite: 'www.stmarys-cafe.example',
    TelephoneNum: '02070000000',
    'HeadTitle (name)': 'Mr',
    HeadFirstName: 'José',
    HeadLastName: 'García',
  },
  // Outside London.
  {
    URN: '999991',
    'LA (code)': '926',
    'LA (name)': 'Norfolk',
    EstablishmentName: 'A Norfolk School',
    'EstablishmentStatus (name)': 'Open',
  },
  // Not open yet.
  {
    URN: '999992',
    'LA (code)': '203',
    'LA (name)': 'Greenwich',
    EstablishmentName: 'A Future School',
    'EstablishmentStatus (name)': 'Proposed to open',
  },
  // Closed, never in our register.
  { URN: '999993', 'LA (code)': '204', 'LA (name)': 'Hackney', EstablishmentName: 'An Old School', 'EstablishmentStatus (name)': 'Closed' },
  // Known school, open, mostly blank cells: nothing erased, nothing changed.
  {
    URN: '100008',
    'LA (code)': '202',
    'LA (name)': 'Camden',
    EstablishmentName: 'Argyle Primary School',
    'EstablishmentStatus (name)': 'Open, but proposed to close',
  },
] as Row[];

/** Windows-1252 bytes for the characters this fixture uses. */
function cp1252(text: string): Uint8Array {
  const special: Record<string, number> = { '’': 0x92, '‘': 0x91, '–': 0x96, '€': 0x80 };
  return Uint8Array.from(
    Array.from(text).map((ch) => {
      if (special[ch]) return special[ch];
      const code = ch.codePointAt(0)!;
      if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
      throw new Error(`not in the fixture's Windows-1252 table: ${ch}`);
    }),
  );
}

function extract(rows: Row[]): Uint8Array {
  const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
  const lines = [HEADER.map(quote).join(','), ...rows.map((r) => HEADER.map((h) => quote(r[h] ?? '')).join(','))];
  return cp1252(lines.join('\r\n') + '\r\n');
}

/** A copy of the run's template (test/db.ts): migrated, the register loaded, no demo layer, as a first seed leaves it. */
function seededDb() {
  const db = testDb({ demo: false });
  return { db, path: db.$client.name };
}

// These import the register (a few seconds each on a busy 2-core box): a limit of minutes, not 30 s.
describe('GIAS register refresh', { timeout: 120_000 }, () => {
  it('decodes Windows-1252, adds, updates, closes (keeping the row) and skips with reasons', () => {
    const { db } = seededDb();
    const before = db.select().from(schools).all().length;
    const aldgate = db.select().from(schools).where(eq(schools.urn, 100000)).get()!;
    const argyle = db.select().from(schools).where(eq(schools.urn, 100008)).get()!;
    const bytes = extract(ROWS);
    expect(bytes.includes(0x92)).toBe(true); // a real Windows-1252 apostrophe, not UTF-8

    const lyceum = db.select().from(schools).where(eq(schools.urn, 131343)).get()!;
    expect(lyceum.dfeNumber).toBeNull();
    expect(db.select().from(schools).where(eq(schools.urn, 100001)).get()!.dfeNumber).toBe('201/6005');

    const summary = importGias(db, decodeGias(bytes), new Date('2026-11-22T12:00:00Z'));
    expect(summary).toMatchObject({
      rows: 9,
      london: 8,
      added: 2,
      updated: 2,
      closed: 1,
      unchanged: 1,
      reopened: 0,
      dfeNumbersMoved: 1,
      skipped: 3,
    });
    expect(summary.skipReasons).toEqual({ 'not a London authority': 1, 'status "Proposed to open"': 1, 'closed, not in our register': 1 });
    expect(db.select().from(schools).all().length).toBe(before + 2);

    const added = db.select().from(schools).where(eq(schools.urn, 999990)).get()!;
    expect(added).toMatchObject({
      name: 'St Mary’s Café Primary School',
      borough: 'Camden',
      dfeNumber: '202/2999',
      headteacher: 'Mr José García',
      trustName: 'Sainte-Thérèse Catholic Academy Trust',
      website: 'http://www.stmarys-cafe.example',
      phoneNumber: '02070000000',
      numberOfPupils: 210,
      ageRange: '4-11',
      keyStages: 'Early Years, Primary',
      educationLevel: 'Primary',
      religiousCharacter: 'Roman Catholic',
      address: '1 Example Road, London, NW1 1AA',
      isActive: true,
    });

    const updated = db.select().from(schools).where(eq(schools.urn, 100000)).get()!;
    expect(updated).toMatchObject({
      numberOfPupils: 240,
      headteacher: 'Mrs Jane Doe',
      dfeNumber: '201/3614',
      ofstedInspectionDate: '2024-06-12',
      name: 'The Aldgate School',
    });
    // Not in the extract (a grid reference there, WGS84 here): kept.
    expect(updated.latitude).toBe(aldgate.latitude);
    expect(updated.website).toBe(aldgate.website);
    expect(updated.dfeNumber).toBe('201/3614');
    // The register's LA (code)/EstablishmentNumber fills a DfE number the snapshot lacked.
    expect(db.select().from(schools).where(eq(schools.urn, 131343)).get()).toMatchObject({
      dfeNumber: '204/6391',
      name: 'The Lyceum',
      headteacher: lyceum.headteacher,
    });
    expect(summary.changedFields).toMatchObject({ numberOfPupils: 1, headteacher: 1, dfeNumber: 1 });
    // The successor holds the number now; the closed predecessor keeps its row, without it.
    expect(db.select().from(schools).where(eq(schools.urn, 999994)).get()).toMatchObject({ dfeNumber: '201/6005', isActive: true });
    // The same number written without spaces is not a change.
    expect(updated.phoneNumber).toBe('020 7283 1147');
    expect(summary.changedFields.phoneNumber).toBeUndefined();

    // Closed: kept, inactive, out of the list.
    const closed = db.select().from(schools).where(eq(schools.urn, 100001)).get()!;
    expect(closed.isActive).toBe(false);
    expect(closed.name).toBe('City of London School for Girls');
    expect(closed.dfeNumber).toBeNull();
    // Blank cells erase nothing.
    expect(db.select().from(schools).where(eq(schools.urn, 100008)).get()).toEqual(argyle);

    // A second run changes nothing.
    const again = importGias(db, decodeGias(bytes));
    expect(again).toMatchObject({ added: 0, updated: 0, closed: 0, unchanged: 6, dfeNumbersMoved: 0, skipped: 3 });

    // Listed as open again later: reactivated.
    const reopened = importGias(
      db,
      decodeGias(extract([{ ...ROWS.find((r) => r.URN === '100001')!, 'EstablishmentStatus (name)': 'Open' }])),
    );
    expect(reopened).toMatchObject({ updated: 1, reopened: 1 });
    expect(db.select().from(schools).where(eq(schools.urn, 100001)).get()!.isActive).toBe(true);
  });

  it('refuses a file that is not a GIAS extract', () => {
    const { db } = seededDb();
    expect(() => importGias(db, 'urn,name\n1,x\n')).toThrow(/Not a GIAS extract/);
  });

  it('npm run schools:import -- <file> prints the summary', () => {
    const { db, path } = seededDb();
    db.$client.close();
    const file = join(mkdtempSync(join(tmpdir(), 'gias-')), 'edubasealldata20261101.csv');
    writeFileSync(file, extract(ROWS));
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'api/scripts/import-schools.ts', file], {
      env: { ...process.env, DATABASE_PATH: path },
      encoding: 'utf8',
    });
    expect(out).toContain('Added: 2');
    expect(out).toContain('Updated: 2');
    expect(out).toContain('DfE numbers moved from a closed school to its open successor: 1');
    expect(out).toContain('Closed (marked inactive): 1');
    expect(out).toContain('Skipped: 3');
    expect(out).toContain('not a London authority: 1');
    const check = openDatabase(path);
    expect(check.select().from(schools).where(eq(schools.urn, 999990)).get()?.name).toBe('St Mary’s Café Primary School');
    check.$client.close();
  });
});

describe('decodeWindows1252', () => {
  it('maps 0x80-0x9F to the Windows-1252 characters (Node 20 TextDecoder does not)', async () => {
    const { decodeWindows1252 } = await import('./register-import');
    expect(decodeWindows1252(Uint8Array.from([0x80, 0x85, 0x91, 0x92, 0x93, 0x94, 0x96, 0x97, 0x99, 0x9f, 0xe9, 0x41]))).toBe(
      '€…‘’“”–—™Ÿé' + 'A',
    );
  });
});
