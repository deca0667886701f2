// Search quality, measured (decision 0701): a committed list of real queries as teachers type them
// (school names with typos, abbreviations, missing apostrophes, borough + phase + religious
// character, postcodes, job titles and subjects), each with what she meant, run against the API on
// the seeded register; prints the top-1 and top-3 hit rates and the misses.
//
//   node --import tsx bench/search-quality.ts
//
// test/search-quality.test.ts keeps top-3 at 95 % or better in `npm test`. The expectations name
// real schools of ../shared/data/london-schools.csv (or a condition on the register's own
// fields); nothing here is known to the search code.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type DB } from '../db/client';
import { seed } from '../db/seed/index';

type List = 'schools' | 'jobs';

/** What she meant: any of these names (titles for jobs), or any active school matching the register fields. */
type Expected =
  | { names: string[] }
  | { startsWith: string }
  | { schools: { borough?: string; religion?: string; phase?: 'Primary' | 'Secondary' } };

export interface QualityQuery {
  q: string;
  list: List;
  kind: 'typo' | 'name' | 'abbreviation' | 'apostrophe' | 'kind' | 'postcode' | 'job';
  expect: Expected;
}

const school = (q: string, kind: QualityQuery['kind'], ...names: string[]): QualityQuery => ({
  q,
  list: 'schools',
  kind,
  expect: { names },
});
const job = (q: string, ...titles: string[]): QualityQuery => ({ q, list: 'jobs', kind: 'job', expect: { names: titles } });
const kindOf = (q: string, borough: string | undefined, religion: string | undefined, phase?: 'Primary' | 'Secondary'): QualityQuery => ({
  q,
  list: 'schools',
  kind: 'kind',
  expect: { schools: { borough, religion, phase } },
});

export const QUERIES: QualityQuery[] = [
  // The issue's table.
  { q: 'st marys', list: 'schools', kind: 'apostrophe', expect: { startsWith: "St Mary's " } },
  { q: 'saint marys', list: 'schools', kind: 'abbreviation', expect: { startsWith: "St Mary's " } },
  school('camden school', 'name', 'The Camden School for Girls'),
  school('Lady Margaret', 'name', 'Lady Margaret School', 'Lady Margaret Primary School'),
  school('lady margret', 'typo', 'Lady Margaret School', 'Lady Margaret Primary School'),
  school('Graveny', 'typo', 'Graveney School'),
  kindOf('cofe primary hackney', 'Hackney', 'Church of England', 'Primary'),
  kindOf('catholic secondary southwark', 'Southwark', 'Roman Catholic', 'Secondary'),
  // Names with typos.
  school('mosbourne victoria park', 'typo', 'Mossbourne Victoria Park Academy'),
  school('whitgfit', 'typo', 'Whitgift School'),
  school('greenfrod high', 'typo', 'Greenford High School'),
  school('gordonbrok primary', 'typo', 'Gordonbrock Primary School'),
  school('hillcros primary', 'typo', 'Hillcross Primary School'),
  school('cubit town primary', 'typo', 'Cubitt Town Primary School'),
  school('brondesbury colege', 'typo', 'Brondesbury College London'),
  school('langdon park comunity', 'typo', 'Langdon Park Community School'),
  school('mandevile primary', 'typo', 'Mandeville Primary School'),
  school('graveney scool', 'typo', 'Graveney School'),
  school('jeanine manuel', 'typo', 'Jeannine Manuel School'),
  school('nishkam scool west london', 'typo', 'Nishkam School West London'),
  school('mayesbrok park', 'typo', 'Mayesbrook Park School'),
  school('perry hal primary', 'typo', 'Perry Hall Primary School'),
  // Names as typed (no apostrophes, words left out, lower case).
  school('camden school for girls', 'name', 'The Camden School for Girls'),
  school('city of london school for girls', 'name', 'City of London School for Girls'),
  school('harris academy beckenham', 'name', 'Harris Academy Beckenham'),
  school('mossbourne victoria park', 'name', 'Mossbourne Victoria Park Academy'),
  school('nishkam school west london', 'name', 'Nishkam School West London'),
  school('jeannine manuel', 'name', 'Jeannine Manuel School'),
  school('charterhouse square', 'name', 'Charterhouse Square School'),
  school('fulham cross girls', 'name', "Fulham Cross Girls' School and Language College"),
  school('sir john lillie', 'name', 'Sir John Lillie Primary School'),
  school('torah vodaas', 'name', 'Torah Vodaas'),
  school('broomwood prep boys', 'name', 'Broomwood Prep - Boys'),
  school('russet house', 'name', 'Russet House School'),
  school('parkside studio college', 'name', 'Parkside Studio College'),
  school('west middlesex college', 'name', 'West Middlesex College'),
  school('bassett house', 'name', 'Bassett House School'),
  school('whitgift', 'name', 'Whitgift School'),
  school('graveney', 'name', 'Graveney School'),
  school('glebe primary hillingdon', 'name', 'Glebe Primary School'),
  school('oak house school redbridge', 'name', 'Oak House School'),
  // Apostrophes left out or written another way.
  school('st pauls girls school', 'apostrophe', "St Paul's Girls' School"),
  school('st pauls cathedral school', 'apostrophe', "St Paul's Cathedral School"),
  school('thomass battersea', 'apostrophe', "Thomas's Battersea"),
  school('bancrofts prep', 'apostrophe', "Bancroft's Preparatory School"),
  school('st faiths cofe', 'apostrophe', "St Faith's CofE Primary School"),
  school('st anns ce primary', 'apostrophe', "St Ann's CE Primary School"),
  school("St. Luke's C of E Islington", 'apostrophe', "St Luke's CofE Primary School"),
  school('st josephs rc infant croydon', 'apostrophe', "St Joseph's RC Infant School"),
  // Abbreviations and synonyms.
  school('saint pauls cathedral', 'abbreviation', "St Paul's Cathedral School"),
  school('harris acad beckenham', 'abbreviation', 'Harris Academy Beckenham'),
  school('greenford high sch', 'abbreviation', 'Greenford High School'),
  school('perry hall prim', 'abbreviation', 'Perry Hall Primary School'),
  school('holy trinity cofe primary lambeth', 'abbreviation', 'Holy Trinity Church of England Primary School'),
  school('holy trinity church of england lambeth', 'abbreviation', 'Holy Trinity Church of England Primary School'),
  school('st marys roman catholic primary hammersmith', 'abbreviation', "St Mary's Catholic Primary School"),
  school('sacred heart rc primary islington', 'abbreviation', 'Sacred Heart Catholic Primary School'),
  school('st lukes church of england primary islington', 'abbreviation', "St Luke's CofE Primary School"),
  school('saint faiths c of e primary', 'abbreviation', "St Faith's CofE Primary School"),
  // Borough + phase + religious character.
  kindOf('C of E primary Hackney', 'Hackney', 'Church of England', 'Primary'),
  kindOf('RC secondary Southwark', 'Southwark', 'Roman Catholic', 'Secondary'),
  kindOf('catholic primary camden', 'Camden', 'Roman Catholic', 'Primary'),
  kindOf('church of england primary islington', 'Islington', 'Church of England', 'Primary'),
  kindOf('roman catholic primary lambeth', 'Lambeth', 'Roman Catholic', 'Primary'),
  kindOf('jewish primary barnet', 'Barnet', 'Jewish', 'Primary'),
  kindOf('rc secondary croydon', 'Croydon', 'Roman Catholic', 'Secondary'),
  kindOf('cofe secondary', undefined, 'Church of England', 'Secondary'),
  kindOf('muslim secondary', undefined, 'Muslim', 'Secondary'),
  kindOf('catholic primary wandsworth', 'Wandsworth', 'Roman Catholic', 'Primary'),
  kindOf('sikh hounslow', 'Hounslow', 'Sikh'),
  kindOf('c of e primary tower hamlets', 'Tower Hamlets', 'Church of England', 'Primary'),
  // Postcodes, with and without the space.
  school('SM4 4EE', 'postcode', 'Hillcross Primary School'),
  school('E5 0BT', 'postcode', 'Mandeville Primary School'),
  school('SW2 2RL', 'postcode', 'Holy Trinity Church of England Primary School'),
  school('n15 5jg', 'postcode', "St Ann's CE Primary School"),
  school('EC1V3SJ', 'postcode', "St Luke's CofE Primary School"),
  school('TW7 5PN', 'postcode', 'Nishkam School West London'),
  school('wc1b 3dn', 'postcode', 'Jeannine Manuel School'),
  school('UB1 2GU', 'postcode', 'Greenford High School'),
  school('E9 7HD', 'postcode', 'Mossbourne Victoria Park Academy'),
  school('cr2 6yt', 'postcode', 'Whitgift School'),
  // Job titles and subjects.
  job('maths teacher', 'Teacher of Mathematics', 'Teacher of Mathematics (ECTs welcome)'),
  job('teacher of maths', 'Teacher of Mathematics', 'Teacher of Mathematics (ECTs welcome)'),
  job('mathematics', 'Teacher of Mathematics', 'Teacher of Mathematics (ECTs welcome)'),
  job('physics', 'Teacher of Physics'),
  job('phisics teacher', 'Teacher of Physics'),
  job('computer science', 'Teacher of Computer Science'),
  job('deputy head', 'Deputy Headteacher'),
  job('headteacher', 'Headteacher'),
  job('sendco', 'SENDCo'),
  job('reception teacher', 'Reception Class Teacher'),
  job('spanish', 'Teacher of Spanish'),
  job('music teacher', 'Teacher of Music'),
  job('geograpy', 'Teacher of Geography (0.6 FTE)', 'Teacher of Geography'),
  job('head of science', 'Head of Science'),
  job('business manager', 'School Business Manager'),
  job('RE teacher', 'Teacher of Religious Education'),
  job('nursery teacher', 'Nursery Teacher'),
  job('year 3 class teacher', 'Year 3 Class Teacher (maternity cover)'),
  job('teacher of deaf children', 'Teacher of Deaf Children'),
  job('higher level teaching assistant', 'Higher Level Teaching Assistant'),
  job('english ects', 'Teacher of English (ECTs welcome)'),
];

/** A row of a list's answer, as the scoring reads it. */
type Row = { id: number; name?: string; title?: string };
/** The first answers of a list for a search (`/api/<list>?search=<q>&limit=3`); none when it is refused. */
export type Search = (list: List, q: string) => Promise<Row[]>;

export interface QualityResult {
  total: number;
  top1: number;
  top3: number;
  misses: { q: string; list: List; got: string[]; top3: boolean }[];
}

/** Does this result (a school or a job) answer what she meant? */
function answers(db: DB, list: List, item: { id: number; name?: string; title?: string }, expect: Expected): boolean {
  if ('names' in expect) {
    const name = list === 'schools' ? item.name! : item.title!;
    return expect.names.includes(name);
  }
  if ('startsWith' in expect) return item.name!.startsWith(expect.startsWith);
  const { borough, religion, phase } = expect.schools;
  const row = db.get<{ n: number }>(
    sql`select count(*) as n from schools where id = ${item.id}
        ${borough ? sql`and borough = ${borough}` : sql``}
        ${religion ? sql`and religious_character like ${`${religion}%`}` : sql``}
        ${phase ? sql`and (phase = ${phase} or instr(coalesce(education_level, ''), ${phase}) > 0)` : sql``}`,
  );
  return row.n === 1;
}

/** Runs every query through the API (`search`) and scores the first three answers of each. */
export async function measureSearchQuality(db: DB, search: Search, queries = QUERIES): Promise<QualityResult> {
  let top1 = 0;
  let top3 = 0;
  const misses: QualityResult['misses'] = [];
  for (const query of queries) {
    const items = await search(query.list, query.q);
    const hits = items.slice(0, 3).map((i) => answers(db, query.list, i, query.expect));
    if (hits[0]) top1++;
    if (hits.some(Boolean)) top3++;
    if (!hits[0]) misses.push({ q: query.q, list: query.list, got: items.map((i) => i.name ?? i.title ?? ''), top3: hits.some(Boolean) });
  }
  return { total: queries.length, top1, top3, misses };
}

export const percent = (n: number, total: number) => `${((n / total) * 100).toFixed(1)} %`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { createApp } = await import('../api/app');
  const { warmSearchVocabulary } = await import('../api/search');
  const dir = mkdtempSync(join(tmpdir(), 'tilt-quality-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const db = openDatabase(join(dir, 'app.db'));
  seed(db, { demo: true });
  warmSearchVocabulary(db);
  const app = createApp({ db, rateLimit: false, answerCache: false, pageCache: false });
  const search: Search = async (list, q) => {
    const res = await app.request(`/api/${list}?search=${encodeURIComponent(q)}&limit=3`);
    return res.status === 200 ? ((await res.json()) as Row[]) : [];
  };
  const r = await measureSearchQuality(db, search);
  console.log(`${r.total} queries: top-1 ${percent(r.top1, r.total)} (${r.top1}), top-3 ${percent(r.top3, r.total)} (${r.top3})`);
  for (const m of r.misses)
    console.log(`  ${m.top3 ? 'top-3 only' : 'miss      '} ${m.list} "${m.q}": ${m.got.join(' | ') || '(nothing)'}`);
}
