// A word followed by another was typed complete: longer than the prefix indexes (8 letters), it is
// matched as itself and its plural rather than as a prefix (a prefix term that long makes FTS5 merge
// the lists of every word starting with it). The last word stays a prefix (still being typed).
import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/app';
import { matchOf, queryTerms, stemOf } from './query';

/** The MATCH string before: every word a prefix term. */
const prefixesOnly = (text: string) =>
  queryTerms(text)
    .map((t) => {
      const stem = stemOf(t);
      return stem ? `("${t}"* OR "${stem}")` : `"${t}"*`;
    })
    .join(' AND ');

describe('complete words as whole words', () => {
  it('an earlier word of 9+ letters is whole (with its plural or its stem); the last word and shorter ones stay prefixes', () => {
    expect(matchOf(queryTerms('mathematics teacher'))).toBe('("mathematics" OR "mathematic") AND "teacher"*');
    expect(matchOf(queryTerms('behaviour management'))).toBe('("behaviour" OR "behaviours") AND "management"*');
    expect(matchOf(queryTerms('teacher mathematics'))).toBe('"teacher"* AND ("mathematics"* OR "mathematic")');
    expect(matchOf(queryTerms('head of music'))).toBe('"head"* AND "of"* AND "music"*');
    expect(matchOf(queryTerms('mathematics'))).toBe('("mathematics"* OR "mathematic")');
    // Digits (a postcode) keep the prefix term.
    expect(matchOf(queryTerms('123456789 road'))).toBe('"123456789"* AND "road"*');
  });

  const { db } = testApp();
  const count = (table: string, match: string) =>
    (db.$client.prepare(`select count(*) n from ${table} where ${table} match ?`).get(match) as { n: number }).n;
  it.each([
    ['jobs_fts', 'mathematics teacher'],
    ['jobs_fts', 'secondary school'],
    ['schools_fts', 'catholic secondary southwark'],
    ['schools_fts', 'community primary'],
    ['schools_fts', 'secondary school'],
    ['forum_threads_fts', 'behaviour management'],
    ['forum_threads_fts', 'safeguarding training'],
  ])('%s "%s": the same rows as with prefix terms only', (table, text) => {
    const before = count(table, prefixesOnly(text));
    expect(count(table, matchOf(queryTerms(text))!)).toBe(before);
    if (table !== 'forum_threads_fts') expect(before).toBeGreaterThan(0);
  });
});
