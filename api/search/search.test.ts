// Search as a teacher types it (decision 0701): the table against the API on the seeded
// register, normalisation, relevance order, typo correction and exact search.
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { searchText } from '../../core/search-text';
import { forumThreads, jobs, schools } from '../../db/schema';
import { ok, queryOf, testApp } from '../../test/app';
import { buildVocabulary, editDistance, warmSearchVocabulary } from './vocabulary';
import { tierOf } from './relevance';

const NOW = new Date('2026-11-22T12:00:00Z');
const { db, client } = testApp({ now: NOW });
warmSearchVocabulary(db);

const names = async (q: string, extra = '') => {
  const res = await client.schools.$get({
    query: { search: q, ...(extra.includes('limit=') ? {} : { limit: '200' }), ...queryOf(`?${extra}`) },
  });
  return {
    names: (await ok(res)).map((s) => s.name),
    headers: res.headers,
    total: Number(res.headers.get('X-Total-Count')),
  };
};

/** Active schools of the seeded register matching a condition, by name. */
const register = (where: ReturnType<typeof sql>) =>
  db
    .select({ name: schools.name })
    .from(schools)
    .where(sql`${schools.isActive} = 1 and ${where}`)
    .all()
    .map((r) => r.name);

describe('searchText: one normalisation at index and query time', () => {
  it('drops case, accents, apostrophes and full stops, and maps the synonyms of school names', () => {
    expect(searchText("St Mary's")).toBe('saint marys');
    expect(searchText('st marys')).toBe('saint marys');
    expect(searchText('St. Mary\u2019s')).toBe('saint marys');
    expect(searchText('Saint Marys')).toBe('saint marys');
    expect(searchText('C of E')).toBe('cofe');
    expect(searchText('Church of England')).toBe('cofe');
    expect(searchText('C.E. Primary')).toBe('cofe primary');
    expect(searchText('RC')).toBe(searchText('Roman Catholic'));
    expect(searchText('Catholic')).toBe('catholic');
    expect(searchText('Junior Mixed & Infant')).toBe('jmi');
    expect(searchText('JMI')).toBe('jmi');
    expect(searchText('Acad')).toBe('academy');
    expect(searchText('Sch')).toBe('school');
    expect(searchText('Prim Sec')).toBe('primary secondary');
    expect(searchText('Voluntary Aided')).toBe('va');
    expect(searchText('Église Café')).toBe('eglise cafe');
    expect(searchText('Arts & Crafts')).toBe('arts and crafts');
  });

  it('counts edits (a swap is one)', () => {
    expect(editDistance('graveny', 'graveney', 2)).toBe(1);
    expect(editDistance('margret', 'margaret', 2)).toBe(1);
    expect(editDistance('maths', 'msths', 1)).toBe(1);
    expect(editDistance('teh', 'the', 1)).toBe(1);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });

  it('corrects as a full scan of the vocabulary would: the letter-count filter never drops the closest word', () => {
    const v = buildVocabulary(db);
    const words = [...v.words.keys()];
    expect(words.length).toBeGreaterThan(500);
    // The scan the filter stands in for: every word within the distance, nearest first, then the most common.
    const scan = (w: string) => {
      if (v.words.has(w)) return null;
      const max = w.length <= 5 ? 1 : 2;
      let best: { word: string; d: number; n: number } | null = null;
      // In the order correct() meets them (shorter words first), so that ties break alike.
      for (const c of [...words].sort((a, b) => a.length - b.length)) {
        const d = editDistance(w, c, max);
        const n = v.words.get(c)!.n;
        if (d <= max && (!best || d < best.d || (d === best.d && n > best.n))) best = { word: c, d, n };
      }
      return best?.word ?? null;
    };
    let seed = 11;
    const rnd = (k: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % k);
    let corrected = 0;
    for (let k = 0; k < 600; k++) {
      let w = words[rnd(words.length)];
      for (let e = 1 + rnd(2); e > 0; e--) {
        const p = rnd(w.length);
        const ch = 'abcdefghijklmnopqrstuvwxyzé'[rnd(27)];
        const op = rnd(4);
        if (op === 0) w = w.slice(0, p) + ch + w.slice(p + 1);
        else if (op === 1) w = w.slice(0, p) + ch + w.slice(p);
        else if (op === 2) w = w.slice(0, p) + w.slice(p + 1);
        else if (p > 0) w = w.slice(0, p - 1) + w[p] + w[p - 1] + w.slice(p + 1);
      }
      const expected = scan(w);
      expect(v.correct(w)?.word ?? null, w).toBe(expected);
      if (expected) corrected++;
    }
    expect(corrected).toBeGreaterThan(300);
  });

  it('ranks an exact name, then a name starting with the words, then one holding them', () => {
    expect(tierOf('Lady Margaret', ['lady', 'margaret'])).toBe(0);
    expect(tierOf('The Camden School for Girls', ['camden', 'school'])).toBe(1);
    expect(tierOf('Abacus Belsize Primary School', ['camden', 'school'])).toBe(5);
    expect(tierOf("St Mary's Primary School", ['marys'])).toBe(3);
    expect(tierOf("St Mary's Primary School", ['saint', 'marys'])).toBe(1);
    expect(tierOf('St Mary and St Michael Primary School', ['saint', 'marys'])).toBe(2);
  });
});

describe('the issue table: what the teacher meant', () => {
  it('st marys, saint marys, St. Mary\u2019s: every London school named St Mary\u2019s, those first', async () => {
    const expected = register(
      sql`${schools.name} like 'St Mary%' or ${schools.name} like 'St. Mary%' or ${schools.name} like 'Saint Mary%'`,
    );
    expect(expected.length).toBeGreaterThan(40);
    for (const q of ['st marys', 'saint marys', 'St. Mary\u2019s', "st mary's"]) {
      const r = await names(q);
      expect(r.names.slice(0, expected.length).sort(), q).toEqual([...expected].sort());
    }
  });

  it('camden school: The Camden School for Girls first', async () => {
    expect((await names('camden school')).names[0]).toBe('The Camden School for Girls');
  });

  it('Lady Margaret: Lady Margaret School and Lady Margaret Primary School first', async () => {
    expect((await names('Lady Margaret')).names.slice(0, 2).sort()).toEqual(['Lady Margaret Primary School', 'Lady Margaret School']);
  });

  it('lady margret and Graveny: corrected, and the answer says so; exact=1 searches as typed', async () => {
    const lady = await names('lady margret');
    expect(lady.names.slice(0, 2).sort()).toEqual(['Lady Margaret Primary School', 'Lady Margaret School']);
    expect(decodeURIComponent(lady.headers.get('X-Search-Corrected')!)).toBe('lady Margaret');
    const graveney = await names('Graveny');
    expect(graveney.names[0]).toBe('Graveney School');
    expect(decodeURIComponent(graveney.headers.get('X-Search-Corrected')!)).toBe('Graveney');
    const exact = await names('Graveny', '&exact=1');
    expect(exact.names).toEqual([]);
    expect(exact.headers.get('X-Search-Corrected')).toBeNull();
    // A word that is found is never corrected.
    expect((await names('Graveney')).headers.get('X-Search-Corrected')).toBeNull();
  });

  it('cofe primary hackney: every Church of England primary in Hackney', async () => {
    const expected = register(
      sql`${schools.borough} = 'Hackney' and ${schools.religiousCharacter} like 'Church of England%' and (${schools.phase} = 'Primary' or ${schools.educationLevel} like '%Primary%')`,
    );
    expect(expected.length).toBeGreaterThan(4);
    for (const q of ['cofe primary hackney', 'C of E primary Hackney', 'church of england primary hackney']) {
      const r = await names(q);
      expect(r.names.sort(), q).toEqual(expect.arrayContaining(expected));
      expect(r.names.length).toBeLessThan(expected.length + 3);
    }
  });

  it('catholic secondary southwark: the Roman Catholic secondaries of Southwark', async () => {
    const expected = register(
      sql`${schools.borough} = 'Southwark' and ${schools.religiousCharacter} like 'Roman Catholic%' and (${schools.phase} = 'Secondary' or ${schools.educationLevel} like '%Secondary%')`,
    );
    expect(expected.length).toBeGreaterThan(3);
    for (const q of ['catholic secondary southwark', 'RC secondary Southwark', 'roman catholic secondary southwark']) {
      expect((await names(q)).names.sort(), q).toEqual([...expected].sort());
    }
  });

  it('an explicit sort still wins over relevance', async () => {
    const r = await names('camden school', '&sort=name');
    expect(r.names).toEqual([...r.names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(r.names[0]).not.toBe('The Camden School for Girls');
  });

  it('pages in relevance order by cursor, every match once', async () => {
    const all = (await names('saint', '&limit=1000')).names;
    const seen: string[] = [];
    let url: string | null = '/api/schools?search=saint&limit=25';
    while (url) {
      const res = await client.schools.$get({ query: queryOf(url) });
      seen.push(...(await ok(res)).map((s) => s.name));
      url = /<([^>]+)>; rel="next"/.exec(res.headers.get('Link') ?? '')?.[1] ?? null;
    }
    expect(seen).toEqual(all);
    expect(seen.length).toBeGreaterThan(100);
  });
});

describe('jobs and threads through the same search', () => {
  it('a job title first, corrected when misspelt', async () => {
    const title = db.select({ t: jobs.title }).from(jobs).where(eq(jobs.isActive, true)).limit(1).get()!.t;
    expect((await ok(client.jobs.$get({ query: { search: title } })))[0].title).toBe(title);
    const typo = await client.jobs.$get({ query: { search: 'mathematcs' } });
    expect(decodeURIComponent(typo.headers.get('X-Search-Corrected')!)).toBe('Mathematics');
    expect((await ok(typo)).length).toBeGreaterThan(0);
    const newest = await ok(client.jobs.$get({ query: { search: 'teacher', sort: 'newest' } }));
    const times = newest.map((j) => Date.parse(j.postedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('a thread title beats a mention in another thread', async () => {
    const [thread] = db
      .select({ id: forumThreads.id, title: forumThreads.title })
      .from(forumThreads)
      .where(eq(forumThreads.isApproved, true))
      .limit(1)
      .all();
    const found = await ok(client.forum.threads.$get({ query: { search: thread.title } }));
    expect(found[0].id).toBe(thread.id);
  });
});

describe('the index stays exact', () => {
  it('a renamed, recharacterised or deleted school is found by what it is now', async () => {
    const id = db.insert(schools).values({ urn: 999_001, name: "St Quillon's C of E School", borough: 'Camden' }).returning().get().id;
    expect((await names('saint quillons cofe')).names).toEqual(["St Quillon's C of E School"]);
    db.update(schools).set({ name: 'Quillon Academy', religiousCharacter: 'Roman Catholic (group)' }).where(eq(schools.id, id)).run();
    expect((await names('st quillons')).names).toEqual([]);
    expect((await names('quillon acad rc', '&exact=1')).names).toEqual(['Quillon Academy']);
    db.delete(schools).where(eq(schools.id, id)).run();
    expect((await names('quillon', '&exact=1')).names).toEqual([]);
    const check = db.$client.prepare("insert into schools_fts (schools_fts, rank) values ('integrity-check', 1)");
    expect(() => check.run()).not.toThrow();
  });
});

describe("the phone's copy of the school names", () => {
  it('answers [id, name, borough] of every active school, small enough to keep', async () => {
    const body = await ok(client.schools.names.$get());
    const active = db.select({ n: sql<number>`count(*)` }).from(schools).where(eq(schools.isActive, true)).get()!.n;
    expect(body).toHaveLength(active);
    expect(body).toContainEqual([expect.any(Number), 'Graveney School', 'Wandsworth']);
    const { gzipSync } = await import('node:zlib');
    const json = JSON.stringify(body);
    console.log(`school names: ${active} schools, ${json.length} bytes JSON, ${gzipSync(json).length} bytes gzip`);
    expect(gzipSync(json).length).toBeLessThan(60_000);
  });
});
