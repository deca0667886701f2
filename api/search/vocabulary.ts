// Typo tolerance (decision 0701): a typed word that matches nothing in a list's index is corrected
// against the vocabulary of school names, job titles, subjects and boroughs, within edit distance 1
// (words of up to 5 letters) or 2 (longer), the most common candidate first.
//
// The vocabulary is built off the request path: at start-up (warmSearchVocabulary, called by the
// server and by tests) and again in the background (setImmediate) when the schools or jobs data
// version moves; until a first build is done, searches are answered uncorrected.
import { sql } from 'drizzle-orm';
import type Database from 'better-sqlite3';
import { BOROUGHS, SUBJECTS } from '../../core/constants';
import type { DB } from '../../db/client';
import { searchWords, SYNONYM_WORDS } from '../../core/search-text';

interface Entry {
  /** How the word is written where it was found (e.g. "Graveney"). */
  display: string;
  /** How many names and titles hold it. */
  n: number;
}

/** Letter counts a-z, and one bucket for any other letter: the bag a cheap lower bound is read from. */
function bagOf(word: string): Uint8Array {
  const bag = new Uint8Array(27);
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i) - 97;
    bag[c >= 0 && c < 26 ? c : 26]++;
  }
  return bag;
}

/**
 * Whether two words' letter counts differ by more than 2 x max in all: then their edit distance is
 * over max (a substitution changes the counts by 2, an insertion or deletion by 1, a transposition
 * by 0), and the full distance need not be computed. Most of the vocabulary is ruled out so.
 */
function bagsApart(a: Uint8Array, b: Uint8Array, max: number): boolean {
  let sum = 0;
  for (let i = 0; i < 27; i++) {
    sum += Math.abs(a[i] - b[i]);
    if (sum > 2 * max) return true;
  }
  return false;
}

export class Vocabulary {
  readonly words = new Map<string, Entry>();
  private readonly byLength = new Map<number, { word: string; bag: Uint8Array }[]>();

  add(text: string | null): void {
    if (!text) return;
    // The raw words (for how they are written) beside their canonical forms: only 1:1 words are kept.
    const raw = text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .replace(/['\u2018\u2019\u02bc`\u00b4.]/g, '')
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    for (const word of raw) {
      const [canonical] = searchWords(word);
      if (!canonical || canonical.length < 3 || !/^\p{L}+$/u.test(canonical)) continue;
      const e = this.words.get(canonical);
      if (!e) this.words.set(canonical, { display: word, n: 1 });
      else {
        e.n++;
        // Shown as written in full ("Mathematics", not "Maths", for mathematics).
        if (e.display.toLowerCase() !== canonical && word.toLowerCase() === canonical) e.display = word;
      }
    }
  }

  seal(): this {
    for (const w of this.words.keys()) {
      const list = this.byLength.get(w.length) ?? [];
      list.push({ word: w, bag: bagOf(w) });
      this.byLength.set(w.length, list);
    }
    return this;
  }

  /** The closest known word to `word` (canonical form), or null. */
  correct(word: string): { word: string; display: string } | null {
    if (this.words.has(word)) return null;
    const max = word.length <= 5 ? 1 : 2;
    const bag = bagOf(word);
    let best: { word: string; d: number; n: number } | null = null;
    for (let len = word.length - max; len <= word.length + max; len++) {
      for (const { word: w, bag: other } of this.byLength.get(len) ?? []) {
        if (bagsApart(bag, other, max)) continue;
        const d = editDistance(word, w, max);
        if (d > max) continue;
        const n = this.words.get(w)!.n;
        if (!best || d < best.d || (d === best.d && n > best.n)) best = { word: w, d, n };
      }
    }
    return best ? { word: best.word, display: this.words.get(best.word)!.display } : null;
  }
}

/** The three rows editDistance works in, kept between calls (grown when a word is longer). */
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Levenshtein distance with adjacent transpositions (Damerau, optimal string alignment), stopping once it exceeds max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length + 1;
  if (rows[0].length < n) rows = [new Int32Array(n), new Int32Array(n), new Int32Array(n)];
  let [prev2, prev, cur] = rows;
  for (let j = 0; j < n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const ai = a.charCodeAt(i - 1);
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j < n; j++) {
      const cost = ai === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n - 1];
}

/** The vocabulary of the data as it is now: school names, job titles (distinct), subjects and boroughs. */
export function buildVocabulary(db: DB): Vocabulary {
  const v = new Vocabulary();
  for (const r of db.all<{ name: string }>(sql`select name from schools where is_active = 1`)) v.add(r.name);
  for (const r of db.all<{ title: string }>(sql`select distinct title from jobs where is_active = 1`)) v.add(r.title);
  for (const s of [...SUBJECTS, ...BOROUGHS]) v.add(s);
  return v.seal();
}

interface Held {
  vocabulary: Vocabulary | null;
  version: string;
  scheduled: boolean;
}
const held = new WeakMap<Database.Database, Held>();

function versionOf(db: DB): string {
  return db
    .all<{ v: number }>(sql`select version as v from data_versions where tag in ('schools', 'jobs') order by tag`)
    .map((r) => r.v)
    .join('.');
}

/** Builds the vocabulary now (start-up, tests): never call it while answering a request. */
export function warmSearchVocabulary(db: DB): void {
  const version = versionOf(db);
  held.set(db.$client, { vocabulary: buildVocabulary(db), version, scheduled: false });
}

/**
 * The vocabulary as last built, or null before the first build. When the data moved since, a new
 * one is built in the background (after this request) and the current one serves meanwhile.
 */
export function currentVocabulary(db: DB): Vocabulary | null {
  let h = held.get(db.$client);
  if (!h) {
    h = { vocabulary: null, version: '', scheduled: false };
    held.set(db.$client, h);
  }
  const entry = h;
  if (!entry.scheduled && versionOf(db) !== entry.version) {
    entry.scheduled = true;
    setImmediate(() => {
      try {
        if (db.$client.open) warmSearchVocabulary(db);
      } catch {
        entry.scheduled = false; // a closed or busy database: the next search asks again
      }
    });
  }
  return entry.vocabulary;
}

/** Words never corrected: short ones, ones with digits (postcodes, key stages) and the synonyms' spellings. */
export const correctable = (term: string) => term.length >= 4 && /^\p{L}+$/u.test(term) && !SYNONYM_WORDS.has(term);
