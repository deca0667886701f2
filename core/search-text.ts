// The one normalisation of searched text, used when a row is indexed (the SQLite function
// search_text(), registered on every connection by db/client.ts through db/search-index.ts, and
// called by the FTS triggers) and when a query is read (api/search/), so both sides always agree:
// `St Mary's`, `st marys`,
// `St. Mary's` and `Saint Marys` are the same words, and so are `CofE`, `C of E`, `C.E.` and
// `Church of England`.
//
// Changing what this function answers changes the index: the FTS tables must then be rebuilt in a
// migration (`insert into x_fts (x_fts) values ('rebuild')`), or the triggers' deletes no longer
// remove what was indexed.

/**
 * Words that mean the same, each spelling mapped to one canonical word. Longer phrases first: the
 * first phrase that matches at a position wins.
 */
const PHRASES: [string[], string][] = [
  [['church', 'of', 'england'], 'cofe'],
  [['c', 'of', 'e'], 'cofe'],
  [['junior', 'mixed', 'and', 'infant'], 'jmi'],
  [['junior', 'mixed', 'and', 'infants'], 'jmi'],
  [['junior', 'mixed', 'infant'], 'jmi'],
  [['junior', 'mixed', 'infants'], 'jmi'],
  [['jm', 'and', 'i'], 'jmi'],
  [['roman', 'catholic'], 'catholic'],
  [['voluntary', 'aided'], 'va'],
  [['voluntary', 'controlled'], 'vc'],
  // Subjects as job titles write them and as teachers type them.
  [['physical', 'education'], 'pe'],
  [['religious', 'education'], 're'],
  [['design', 'and', 'technology'], 'dt'],
  [['design', 'technology'], 'dt'],
];

const WORDS: Record<string, string> = {
  st: 'saint',
  saint: 'saint',
  cofe: 'cofe',
  coe: 'cofe',
  ce: 'cofe',
  rc: 'catholic',
  catholic: 'catholic',
  acad: 'academy',
  sch: 'school',
  prim: 'primary',
  sec: 'secondary',
  jmi: 'jmi',
  maths: 'mathematics',
  math: 'mathematics',
};

/** Every spelling this module maps (single words and the words of phrases), for the typo corrector to leave alone. */
export const SYNONYM_WORDS: ReadonlySet<string> = new Set([...Object.keys(WORDS), ...PHRASES.flatMap(([p]) => p)]);

/** The canonical words of `s`, in order: lower case, no accents, apostrophes and full stops dropped, synonyms mapped. */
export function searchWords(s: string | null | undefined): string[] {
  if (!s) return [];
  const raw = s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    // Apostrophes (straight, curly, backtick, acute) and full stops join what they split: mary's -> marys, st. -> st.
    .replace(/['\u2018\u2019\u02bc`\u00b4.]/g, '')
    .replace(/&/g, ' and ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < raw.length; ) {
    const phrase = PHRASES.find(([p]) => p.every((w, j) => raw[i + j] === w));
    if (phrase) {
      out.push(phrase[1]);
      i += phrase[0].length;
      continue;
    }
    out.push(WORDS[raw[i]] ?? raw[i]);
    i++;
  }
  return out;
}

/** The text as the search index holds it: its canonical words joined by single spaces ('' for nothing). */
export function searchText(s: string | null | undefined): string {
  return searchWords(s).join(' ');
}
