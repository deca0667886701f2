// Suggestions as you type from the phone's copy of the school names (GET /api/schools/names, kept
// on the device by the offline layer): the same normalisation as the server's index
// (core/search-text.ts) and the same order as its relevance tiers: a name starting with the words
// typed first, then one holding them (decision 0701).
import { searchWords } from '../../core/search-text';

export type SchoolName = [id: number, name: string, borough: string];

export interface Suggestion {
  id: string;
  label: string;
  detail: string;
  href: string;
}

/** Does a word of a name start with a typed word (2), or equal it without its s (1: marys = "Mary"), or neither (0)? */
const match = (word: string, term: string) =>
  word.startsWith(term) ? 2 : term.length > 3 && term.endsWith('s') && word === term.slice(0, -1) ? 1 : 0;
const matches = (word: string, term: string) => match(word, term) > 0;

/** The best `limit` schools of the list for the text: names starting with its words first, then names holding them. */
export function suggestSchools(names: readonly SchoolName[], text: string, limit = 5): Suggestion[] {
  const terms = searchWords(text);
  if (!terms.length) return [];
  const found: { s: SchoolName; tier: number }[] = [];
  for (const s of names) {
    let words = searchWords(s[1]);
    if (words[0] === 'the' && terms[0] !== 'the') words = words.slice(1);
    const place = searchWords(s[2]);
    const starts = terms.map((t, i) => (words[i] === undefined ? 0 : match(words[i], t)));
    const held = terms.map((t) => Math.max(0, ...words.map((w) => match(w, t))));
    // The server's tiers: starts with the words (a word matched only without its s ranks lower), holds them, or the borough does.
    if (starts.every(Boolean)) found.push({ s, tier: starts.includes(1) ? 1 : 0 });
    else if (held.every(Boolean)) found.push({ s, tier: held.includes(1) ? 3 : 2 });
    else if (terms.every((t, i) => held[i] || place.some((w) => matches(w, t)))) found.push({ s, tier: 4 });
  }
  found.sort((a, b) => a.tier - b.tier || a.s[1].length - b.s[1].length || a.s[1].localeCompare(b.s[1]));
  return found.slice(0, limit).map(({ s }) => ({ id: `school-${s[0]}`, label: s[1], detail: s[2], href: `/schools/${s[0]}` }));
}
