import { describe, expect, it } from 'vitest';
import { addsLink, editDistanceWithin, isSmallFix, SMALL_FIX_MAX_CHANGES, SMALL_FIX_WINDOW_MS } from './small-fix';

/** The textbook O(n·m) distance, to check the banded one against. */
function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1), prev[j] + 1, cur[j - 1] + 1);
    prev = cur;
  }
  return prev[b.length];
}

/** A repeatable pseudo-random source (mulberry32), so a failure names its seed. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('editDistanceWithin', () => {
  it('agrees with the full distance when it is within the bound, and says null beyond it', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const r = random(seed);
      const word = (n: number) => Array.from({ length: n }, () => 'abc'[Math.floor(r() * 3)]).join('');
      const a = word(Math.floor(r() * 30));
      // b: a with a few random edits, or a different word altogether.
      let b = a;
      const edits = Math.floor(r() * 8);
      for (let k = 0; k < edits; k++) {
        const at = Math.floor(r() * (b.length + 1));
        const op = Math.floor(r() * 3);
        b =
          op === 0
            ? b.slice(0, at) + 'x' + b.slice(at)
            : op === 1
              ? b.slice(0, at) + b.slice(at + 1)
              : b.slice(0, at) + 'y' + b.slice(at + 1);
      }
      if (r() < 0.2) b = word(Math.floor(r() * 30));
      const max = Math.floor(r() * 6);
      const full = levenshtein(a, b);
      expect(editDistanceWithin(a, b, max), `seed ${seed}: "${a}" → "${b}" within ${max}`).toBe(full <= max ? full : null);
    }
  });

  it('finds two typos far apart in a long text', () => {
    const text = 'Cover lessons in year 9. '.repeat(800);
    const fixed = `${text.slice(0, 100)}X${text.slice(101, 19_000)}Y${text.slice(19_001)}`;
    expect(editDistanceWithin(text, fixed, 20)).toBe(2);
    expect(editDistanceWithin(text, 'BUY CHEAP ESSAYS '.repeat(1000), 20)).toBeNull();
  });
});

describe('addsLink', () => {
  it.each([
    ['a URL', 'see https://example.com'],
    ['www.', 'see www.cheap-essays.biz'],
    ['a bare domain', 'go to cheapessays.com now'],
    ['a Markdown link', 'see [this](/x)'],
    ['an autolink', 'see <https://x.y>'],
    ['an email address', 'write to sales@essays.example'],
  ])('counts %s', (_what, after) => {
    expect(addsLink('see the thread', after)).toBe(true);
  });

  it('does not count a link that was already there, but counts a second copy of it', () => {
    expect(addsLink('see https://gov.uk/pay', 'See https://gov.uk/pay.')).toBe(false);
    expect(addsLink('see https://gov.uk/pay', 'see https://gov.uk/pay and https://gov.uk/pay')).toBe(true);
  });
});

describe('isSmallFix', () => {
  const posted = new Date('2026-12-06T09:00:00Z');
  const at = (ms: number) => new Date(posted.getTime() + ms);
  const published = { title: 'Cover lessons in year 9', content: 'How do you plan cover lesons for a class you never met?' };

  it('lets a typo through in the first ten minutes only', () => {
    const fixed = { ...published, content: 'How do you plan cover lessons for a class you never met?' };
    expect(isSmallFix(published, fixed, posted, at(SMALL_FIX_WINDOW_MS))).toBe(true);
    expect(isSmallFix(published, fixed, posted, at(SMALL_FIX_WINDOW_MS + 1))).toBe(false);
  });

  it(`counts title and text together, up to ${SMALL_FIX_MAX_CHANGES} characters`, () => {
    const plus = (n: number) => ({ title: `${published.title}${'!'.repeat(n)}`, content: `${published.content}${'?'.repeat(n)}` });
    expect(isSmallFix(published, plus(SMALL_FIX_MAX_CHANGES / 2), posted, at(60_000))).toBe(true);
    expect(isSmallFix(published, plus(SMALL_FIX_MAX_CHANGES / 2 + 1), posted, at(60_000))).toBe(false);
  });

  it('never lets a new link through, however small', () => {
    expect(isSmallFix(published, { ...published, content: `${published.content} x.co` }, posted, at(1000))).toBe(false);
  });

  it('refuses a rewrite into something else', () => {
    expect(isSmallFix(published, { title: 'BUY CHEAP ESSAYS', content: 'BUY CHEAP ESSAYS now, best prices' }, posted, at(1000))).toBe(
      false,
    );
  });
});
