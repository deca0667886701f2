// Relevance order for a search with no explicit sort (decision 0701): the product's tiers first,
// then bm25 with column weights (a match in a name or title counts far more than one in an
// address or a description), then id.
//   tier 0: the name is exactly the words typed ("the" in front ignored),
//   tier 1: the name starts with the words typed (2: only by a word without its s, `marys` = "Mary"),
//   tier 3: the name holds every word typed (4: only by a word without its s),
//   tier 5: some word matched elsewhere only (borough, address, kind, description).
// Each list asks SQLite for its matches (id, name, bm25) under its own filters, at most
// RELEVANCE_MAX of them; this module orders them and answers a page with a keyset cursor.
import { searchWords } from '../../core/search-text';
import { decodeCursor, encodeCursor, type CursorValue } from '../platform/paging';
import { stemOf } from './query';

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

/** How many words a name has (normalised): a short name that holds the words typed answers them more closely. */
export function wordCountOf(name: string): number {
  return wordsOf(name).length;
}

/** Each typed word without its trailing s (or null), worked out once per search, not once per name. */
const stemsSeen = new WeakMap<readonly string[], (string | null)[]>();
function stemsOf(terms: readonly string[]): (string | null)[] {
  let stems = stemsSeen.get(terms);
  if (!stems) {
    stems = terms.map(stemOf);
    stemsSeen.set(terms, stems);
  }
  return stems;
}

/** 2: the word starts with the typed word; 1: it is the typed word without its s; 0: neither (wordMatch of query.ts). */
const matchOfWord = (word: string, term: string, stem: string | null) => (word.startsWith(term) ? 2 : word === stem ? 1 : 0);

/**
 * How well a name answers the words typed: 0 (exactly) to 5 (not in the name at all). Called for
 * every match of a search (thousands): loops, no arrays made per name.
 */
export function tierOf(name: string, terms: readonly string[]): number {
  const words = wordsOf(name);
  const stems = stemsOf(terms);
  const from = words[0] === 'the' && terms[0] !== 'the' ? 1 : 0;
  if (words.length - from === terms.length) {
    let same = true;
    for (let i = 0; i < terms.length && same; i++) same = words[from + i] === terms[i];
    if (same) return 0;
  }
  let starts = true;
  let startsByStem = false;
  for (let i = 0; i < terms.length && starts; i++) {
    const w = words[from + i];
    const m = w === undefined ? 0 : matchOfWord(w, terms[i], stems[i]);
    if (m === 0) starts = false;
    else if (m === 1) startsByStem = true;
  }
  if (starts) return startsByStem ? 2 : 1;
  let heldByStem = false;
  for (let i = 0; i < terms.length; i++) {
    let found = 0;
    for (let j = from; j < words.length && found < 2; j++) found = Math.max(found, matchOfWord(words[j], terms[i], stems[i]));
    if (found === 0) return 5;
    if (found === 1) heldByStem = true;
  }
  return heldByStem ? 4 : 3;
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
  const keyed = matches.map((m) => ({ id: m.id, name: m.name, rank: m.rank, tier: tierOf(m.name, terms) })).sort(before);
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

/** Matches ranked at a time when a search matches more than RELEVANCE_MAX rows (a common word). */
export const WINDOW = 1000;

/** The next `size` matches below a rowid (the list's own filters applied), highest rowid first: id and name. */
export type WindowOf = (below: number, size: number) => { id: number; name: string }[];

const TOP = Number.MAX_SAFE_INTEGER;

/**
 * The same windows, the first one (from the top) read once as `keep` rows: a list's first page
 * and its total counted to a cap (`windowOf(TOP, cap + 1)`) then cost one read of the index, not two.
 */
export function keepFirstWindow(windowOf: WindowOf, keep: number): WindowOf {
  let first: ReturnType<WindowOf> | null = null;
  return (below, size) => {
    if (below !== TOP || size > keep) return windowOf(below, size);
    first ??= windowOf(TOP, keep);
    return first.length > size ? first.slice(0, size) : first;
  };
}

/**
 * A page of a common word's matches (more than RELEVANCE_MAX) without ranking them all: bm25 needs
 * every match (its word frequencies are counted over the whole match set, 660 ms for "teacher" at
 * 100x jobs), so the matches are taken WINDOW at a time, newest (highest rowid) first, and each
 * window is ordered by the product's tiers, then newest first. A title that is the word typed
 * comes before one that only mentions it within the newest thousand; a page costs one or two
 * windows whatever the size of the match set. Cursor: [window's upper bound, tier, id].
 */
export function windowedPage(windowOf: WindowOf, terms: readonly string[], tag: string, limit: number, cursor?: string, size = WINDOW) {
  const k = decodeCursor(cursor, tag, 'nnn');
  let below = k ? (k[0] as number) : TOP;
  let after = k ? { tier: k[1] as number, id: k[2] as number } : null;
  const ids: number[] = [];
  let last: { tier: number; id: number } | null = null;
  for (;;) {
    const window = windowOf(below, size);
    const ranked = window.map((m) => ({ id: m.id, tier: tierOf(m.name, terms) })).sort((a, b) => a.tier - b.tier || b.id - a.id);
    let start = 0;
    if (after) {
      const a = after;
      start = ranked.findIndex((m) => m.tier > a.tier || (m.tier === a.tier && m.id < a.id));
      if (start < 0) start = ranked.length;
    }
    const taken = ranked.slice(start, start + limit - ids.length);
    ids.push(...taken.map((m) => m.id));
    if (taken.length) last = taken[taken.length - 1];
    const full = window.length === size;
    const lowest = full ? window[window.length - 1].id : 0;
    if (ids.length === limit) {
      // More in this window, or (the window full) in the next one: ask for one row below it.
      if (start + taken.length < ranked.length) return { ids, next: encodeCursor(tag, [below, last!.tier, last!.id]) };
      if (full && windowOf(lowest, 1).length) return { ids, next: encodeCursor(tag, [lowest, -1, TOP]) };
      return { ids, next: null };
    }
    if (!full) return { ids, next: null };
    below = lowest;
    after = null;
  }
}
