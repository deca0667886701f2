// Which edits of a published thread or reply go straight through (decision 2026): a typo fixed in
// the first minutes after posting. Anything else waits for a moderator while the approved text stays.
// Bounded on purpose: a short window, a small number of characters changed, and never a new link,
// so an approved question can't become an advert a few characters at a time.

/** How long after posting a small fix is published at once. */
export const SMALL_FIX_WINDOW_MS = 10 * 60_000;
/** Most characters (Levenshtein: insertions, deletions, substitutions) a small fix may change, title and text together. */
export const SMALL_FIX_MAX_CHANGES = 20;

/**
 * The Levenshtein distance of `a` and `b` when it is at most `max`, else `null`. The common
 * prefix and suffix are dropped first, then only the band of width 2·max+1 around the diagonal
 * is computed (Ukkonen), so 20,000 characters cost ~40 x 20,000 steps, not 20,000².
 */
export function editDistanceWithin(a: string, b: string, max: number): number | null {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const s = a.slice(start, endA);
  const t = b.slice(start, endB);
  if (Math.abs(s.length - t.length) > max) return null;
  if (s.length === 0 || t.length === 0) return Math.max(s.length, t.length);
  const INF = max + 1;
  // prev[j] / cur[j]: distance of s[0..i) and t[0..j); cells outside the band stay INF.
  let prev = new Array<number>(t.length + 1).fill(INF);
  let cur = new Array<number>(t.length + 1).fill(INF);
  for (let j = 0; j <= Math.min(t.length, max); j++) prev[j] = j;
  for (let i = 1; i <= s.length; i++) {
    const from = Math.max(1, i - max);
    const to = Math.min(t.length, i + max);
    // Only the band's edges are reset (the arrays are swapped, not cleared): the next row reads
    // from cur[from - 1] to cur[to + 1].
    cur[from - 1] = from === 1 && i <= max ? i : INF;
    if (to < t.length) cur[to + 1] = INF;
    let best = cur[from - 1];
    for (let j = from; j <= to; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      const v = Math.min(prev[j - 1] + cost, prev[j] + 1, cur[j - 1] + 1);
      cur[j] = Math.min(v, INF);
      if (cur[j] < best) best = cur[j];
    }
    if (best > max) return null;
    [prev, cur] = [cur, prev];
  }
  return prev[t.length] <= max ? prev[t.length] : null;
}

// Anything a reader could follow or type into a browser: a URL, www., a Markdown link or image
// target, an autolink, an email address, or a bare domain (name.tld). Generous on purpose: a false
// match only sends a fix to a moderator.
const LINK_LIKE =
  /\bhttps?:\/\/\S+|\bwww\.\S+|\]\s*\(|<[^>\s]*[:@.][^>\s]*>|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\b/gi;

/** The link-like pieces of a text, with how often each occurs (lower case). */
function links(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of text.matchAll(LINK_LIKE)) {
    // "https://gov.uk/pay." at the end of a sentence is the same link as before it.
    const k = m[0].toLowerCase().replace(/[.,;:!?)]+$/, '');
    out.set(k, (out.get(k) ?? 0) + 1);
  }
  return out;
}

/** Whether `after` has a link-like piece `before` did not have (or has one more often). */
export function addsLink(before: string, after: string): boolean {
  const had = links(before);
  for (const [k, n] of links(after)) if (n > (had.get(k) ?? 0)) return true;
  return false;
}

export interface Version {
  title?: string;
  content: string;
}

/**
 * A small fix: within SMALL_FIX_WINDOW_MS of posting, at most SMALL_FIX_MAX_CHANGES characters
 * changed over title and text, and no new link. Published at once (its previous text kept for
 * moderators); any other edit of a published item waits for a moderator.
 */
export function isSmallFix(published: Version, proposed: Version, postedAt: Date, now: Date): boolean {
  if (now.getTime() - postedAt.getTime() > SMALL_FIX_WINDOW_MS) return false;
  const before = `${published.title ?? ''}\n${published.content}`;
  const after = `${proposed.title ?? published.title ?? ''}\n${proposed.content}`;
  if (addsLink(before, after)) return false;
  return editDistanceWithin(before, after, SMALL_FIX_MAX_CHANGES) !== null;
}
