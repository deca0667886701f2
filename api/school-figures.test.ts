// Every figure real (decision 0306): a school's DfE number and its School Workforce Census staff
// figures reach the API and the server-rendered page, always with the census they were counted in,
// and the register's placeholders ("Not applicable", "Does not apply") never reach a sentence.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schools } from '../db/schema';
import { testDb } from '../test/db';
import { renderingApp } from '../test/fake-dist';
import { buildHead } from '../web/app/head';

const now = new Date('2026-11-25T12:00:00Z');
const db = testDb({ now });
const app = renderingApp(db, () => now);
const byUrn = (urn: number) => db.select().from(schools).where(eq(schools.urn, urn)).get()!;
const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

async function render(path: string) {
  const html = await (await app.request(path)).text();
  const description = decode(html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? '');
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return { html, description, text: decode(main.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')) };
}

describe('a school with a DfE number and census staff figures', () => {
  it('GET /api/schools/:id and the list carry them, with the census month', async () => {
    const aldgate = byUrn(100000);
    const detail = await (await app.request(`/api/schools/${aldgate.id}`)).json();
    expect(detail).toMatchObject({
      dfeNumber: '201/3614',
      workforceCensus: '2018-11',
      teachersFte: 19.1,
      teachersHeadcount: 24,
      teachingAssistantsFte: 13.4,
      supportStaffFte: 15.9,
      pupilTeacherRatio: 15,
    });
    const [row] = await (await app.request('/api/schools?search=Aldgate&borough=City%20of%20London')).json();
    expect(row).toMatchObject({
      id: aldgate.id,
      dfeNumber: '201/3614',
      workforceCensus: '2018-11',
      teachersFte: 19.1,
      pupilTeacherRatio: 15,
    });
  });

  it('the server-rendered page shows the DfE number and each staff figure with its date', async () => {
    const page = await render(`/schools/${byUrn(100000).id}`);
    expect(page.text).toContain('DfE number 201/3614');
    expect(page.text).toContain('Teachers 19.1 FTE (24 people) November 2018 census');
    expect(page.text).toContain('Teaching assistants 13.4 FTE (18 people) November 2018 census');
    expect(page.text).toContain('Pupils per teacher 15 November 2018 census');
    // No figure without its date: every staff figure is followed by its census.
    const figures = [...page.html.matchAll(/data-testid="staff-figure">([\s\S]*?)<\/span><\/span>/g)].map((m) => m[1]);
    expect(figures).toHaveLength(4);
    for (const f of figures) expect(f).toContain('November 2018 census');
  });

  it('a school the census does not cover says so instead of a number', async () => {
    const girls = byUrn(100001); // independent: a DfE number, no census figures
    const page = await render(`/schools/${girls.id}`);
    expect(page.text).toContain('DfE number 201/6005');
    expect(page.text).toContain('Staff Not published');
    expect(page.text).not.toMatch(/\d FTE/);
  });
});

describe('register placeholders', () => {
  it('never reach a school\'s meta description: all 3,189 seeded schools, 810 of them with the phase "Not applicable"', async () => {
    const rows = (await (await app.request('/api/schools?limit=5000')).json()) as {
      id: number;
      phase: string | null;
      religiousCharacter: string | null;
    }[];
    expect(rows).toHaveLength(3189);
    expect(rows.filter((r) => r.phase === 'Not applicable')).toHaveLength(810);
    expect(rows.filter((r) => r.religiousCharacter === 'Does not apply')).toHaveLength(1759);
    const meta = { title: 'School', description: 'A school' };
    const leaked = rows
      .map((r) =>
        buildHead({
          path: `/schools/${r.id}`,
          params: { id: String(r.id) },
          meta,
          origin: 'https://teachers.example',
          data: (key) => (Array.isArray(key) && key[0] === 'school' && key[1] === r.id ? r : undefined),
        }),
      )
      .filter((h) => /not applicable|does not apply/i.test(h.description));
    expect(leaked.map((h) => h.description)).toEqual([]);
  });

  it('are left out of the server-rendered head and page', async () => {
    // Phase "Not applicable", religious character "Does not apply", gender "Not applicable".
    const wildwood = byUrn(133086);
    expect(wildwood).toMatchObject({ phase: 'Not applicable', religiousCharacter: 'Does not apply', gender: 'Not applicable' });
    const girls = byUrn(100001);
    expect(girls.phase).toBe('Not applicable');
    for (const school of [wildwood, girls]) {
      const page = await render(`/schools/${school.id}`);
      expect(page.description.startsWith(`${school.name}: ${school.type} in ${school.borough}, London.`)).toBe(true);
      // Nowhere in the head's words or the page's text (the hydration data keeps the register's values).
      const head = page.html
        .slice(0, page.html.indexOf('</head>'))
        .replace(/<script type="application\/json" id="ssr-data">[\s\S]*?<\/script>/, '');
      expect(decode(head)).not.toMatch(/not applicable|does not apply/i);
      expect(page.text).not.toMatch(/not applicable|does not apply/i);
    }
    const aldgate = await render(`/schools/${byUrn(100000).id}`);
    expect(aldgate.description).toContain('The Aldgate School: Primary Voluntary aided school in City of London, London.');
    expect(aldgate.text).toContain('Religious character Church of England / Anglican');
  });
});
