// Relevance order for a search with no explicit sort (decision 0701): the product's tiers first,
// then bm25 with column weights (a match in a name or title counts far more than one in an
// address or a description), then id.
//   tier 0: the name is exactly the words typed ("the" in front ignored),
//   tier 1: the name starts with the words typed (2: only by a word without its s, `marys` = "Mary"),
//   tier 3: the name holds every word typed (4: only by a word without its s),
//   tier 5: some word matched elsewhere only (borough, address, kind, description).
// Each list asks SQLite for its matches (id, name, bm25) under its own filters, at most
// RELEVANCE_MAX of them; this module orders them and answers a page with a keyset cursor.
import { searchWords } from '../../db/search-text';
import { decodeCursor, encodeCursor, type CursorValue } from '../lib/paging';
import { wordMatch } from './query';

/** Above this many matches a list keeps an index order instead (sorting them all costs more than a page). */
export const RELEVANCE_MAX = 4000;

/** bm25 column weights, in each FTS table's column order. */
export const WEIGHTS = {
  // name, borough, postcode, address, kind
  schools_fts: [10, 3, 4, 1, 3],
  // title, subject, school, employer, borough, description
  jobs_fts: [10, 5, 4, 2, 2, 1],
  // title, content
  forum_threads_fts: [5, 1],
} as const;

/** `bm25(table, weights...)`: lower is better. */
export function bm25Of(table: keyof typeof WEIGHTS): string {
  return `bm25(${table}, ${WEIGHTS[table].join(', ')})`;
}

/**
 * The canonical words of names already seen: a search ranks up to RELEVANCE_MAX names, mostly the
 * same ones again (the register), and normalising each costs more than the rest of the ranking.
 */
const namesSeen = new Map<string, string[]>();
const NAMES_KEPT = 50_000;
function wordsOf(name: string): string[] {
  let words = namesSeen.get(name);
  if (!words) {
    if (namesSeen.size >= NAMES_KEPT) namesSeen.clear();
    words = searchWords(name);
    namesSeen.set(name, words);
  }
  return words;
}

/** How well a name answers the words typed: 0 (exactly) to 5 (not in the name at all). */
export function tierOf(name: string, terms: readonly string[]): number {
  let words = wordsOf(name);
  if (words[0] === 'the' && terms[0] !== 'the') words = words.slice(1);
  if (words.length === terms.length && words.every((w, i) => w === terms[i])) return 0;
  const starts = terms.map((t, i) => (words[i] === undefined ? null : wordMatch(words[i], t)));
  if (starts.every(Boolean)) return starts.includes('stem') ? 2 : 1;
  const held = terms.map((t) => {
    const found = words.map((w) => wordMatch(w, t));
    return found.includes('prefix') ? 'prefix' : found.includes('stem') ? 'stem' : null;
  });
  if (held.every(Boolean)) return held.includes('stem') ? 4 : 3;
  return 5;
}

export interface Match {
  id: number;
  name: string;
  rank: number;
}

type Keyed = Match & { tier: number };

const before = (a: Keyed, b: Keyed) => a.tier - b.tier || a.rank - b.rank || a.id - b.id;

/**
 * One page of matches in relevance order, after the cursor of the previous page (tag names the
 * list): ids in order, the total and the next cursor.
 */
export function relevancePage(matches: readonly Match[], terms: readonly string[], tag: string, limit: number, cursor?: string) {
  const keyed = matches.map((m) => ({ ...m, tier: tierOf(m.name, terms) })).sort(before);
  const k = decodeCursor(cursor, tag, 'nnn');
  let start = 0;
  if (k) {
    const after = { tier: k[0] as number, rank: k[1] as number, id: k[2] as number, name: '' };
    start = keyed.findIndex((m) => before(m, after) > 0);
    if (start < 0) start = keyed.length;
  }
  const page = keyed.slice(start, start + limit);
  const more = start + limit < keyed.length;
  const last = page[page.length - 1];
  const next = more && last ? encodeCursor(tag, [last.tier, last.rank, last.id] as CursorValue[]) : null;
  return { ids: page.map((m) => m.id), total: keyed.length, next };
}
