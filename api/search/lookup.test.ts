// A prefix longer than the prefix indexes (9+ letters) is looked up as the index's words it covers
// (decision 0706): the rows found must be exactly those of the prefix term.
import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/app';
import { resolveSearch, type FtsTable } from './index';

const NOW = new Date('2026-11-22T12:00:00Z');

describe('lookup: long prefixes as their words', () => {
  const { db } = testApp({ now: NOW });
  const category = db.$client.prepare('select id from forum_categories where is_active = 1 order by id limit 1').get() as { id: number };
  const thread = (i: number, title: string, content = 'A thread.') =>
    db.$client
      .prepare(
        `insert into forum_threads (category_id, title, slug, content, is_approved, created_at, updated_at) values (?, ?, ?, ?, 1, ?, ?)`,
      )
      .run(category.id, title, `lookup-${i}`, content, NOW.getTime(), NOW.getTime());
  thread(1, 'Behaviour in year 9');
  thread(2, 'Behavioural support', 'Behaviourist ideas');
  thread(3, 'Behaviours we see');
  thread(4, 'Safeguarding training dates', 'Safeguarding leads');
  thread(5, 'Safeguardings?');
  // 40 words starting with "crosscurricular": more than the lookup lists.
  for (let i = 0; i < 40; i++)
    thread(100 + i, `crosscurricular${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))} plans`);

  const rows = (table: FtsTable, match: string) =>
    (db.$client.prepare(`select rowid from ${table} where ${table} match ? order by rowid`).all(match) as { rowid: number }[]).map(
      (r) => r.rowid,
    );

  it.each<[FtsTable, string]>([
    ['forum_threads_fts', 'behaviour'],
    ['forum_threads_fts', 'behaviours'],
    ['forum_threads_fts', 'safeguarding training'],
    ['forum_threads_fts', 'crosscurricular'],
    ['forum_threads_fts', 'question'],
    ['jobs_fts', 'mathematics'],
    ['jobs_fts', 'mathematics teacher'],
    ['schools_fts', 'secondary school'],
    ['schools_fts', 'community'],
  ])('%s "%s": the same rows as the prefix terms', (table, text) => {
    const search = resolveSearch(db, table, text, true)!;
    const want = rows(table, search.match);
    expect(want.length, `${text} must match something`).toBeGreaterThan(0);
    expect(rows(table, search.lookup)).toEqual(want);
    expect(search.termLookups).toHaveLength(search.terms.length);
    search.terms.forEach((t, i) =>
      expect(rows(table, search.termLookups[i])).toEqual(
        rows(table, `"${t}"*${t.endsWith('s') && t.length > 3 ? ` OR "${t.slice(0, -1)}"` : ''}`),
      ),
    );
  });

  it('writes a long prefix as its words, keeps short ones and ones covering too many words as prefixes', () => {
    expect(resolveSearch(db, 'forum_threads_fts', 'behaviour', true)!.lookup).toBe(
      '("behaviour" OR "behavioural" OR "behaviourist" OR "behaviours")',
    );
    expect(resolveSearch(db, 'forum_threads_fts', 'behaviours', true)!.lookup).toBe('("behaviours" OR "behaviour")');
    expect(resolveSearch(db, 'forum_threads_fts', 'question', true)!.lookup).toBe('"question"*');
    expect(resolveSearch(db, 'forum_threads_fts', 'crosscurricular', true)!.lookup).toBe('"crosscurricular"*');
    // A prefix no word starts with stays a prefix term (nothing to merge).
    expect(resolveSearch(db, 'forum_threads_fts', 'zzzzzzzzzz', true)!.lookup).toBe('"zzzzzzzzzz"*');
  });

  it('follows new words at once', () => {
    thread(200, 'Behaviourally speaking');
    const search = resolveSearch(db, 'forum_threads_fts', 'behaviour', true)!;
    expect(search.lookup).toContain('"behaviourally"');
    expect(rows('forum_threads_fts', search.lookup)).toEqual(rows('forum_threads_fts', search.match));
  });
});
