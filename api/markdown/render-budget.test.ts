// The renderer's work is bounded (decision 1411), proved by counting it, never by a clock (how long
// it takes is measured by `npm run bench:markdown`): the worst bodies we found build at most the
// budget's block tokens and take at most its inline steps, their HTML passes the allow-list as it
// is (sanitize-html, about 1 µs a tag or entity, never runs on them), and what is past the budget
// is shown as written. A real post never reaches the budget, and the allow-list's fast path
// writes exactly what sanitize-html would.
import { describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../../test/xss-payloads';
import { BUDGET, markdownInternals, markdownText, renderMarkdown } from './render';

const repeat = (unit: string, length: number) => unit.repeat(Math.floor(length / unit.length));

/** The worst bodies: markup that costs markdown-it a token (or a scan) per mark or per line. */
const WORST: Record<string, (length: number) => string> = {
  '**a': (n) => repeat('**a', n),
  '*a': (n) => repeat('*a', n),
  _a: (n) => repeat('_a', n),
  'a run of *': (n) => repeat('*', n),
  '[': (n) => repeat('[', n),
  '[a](': (n) => repeat('[a](', n),
  '[a]': (n) => repeat('[a]\n', n - 20) + '\n[a]: https://a.example',
  backticks: (n) => repeat('`', n),
  'code spans': (n) => repeat('`a', n),
  '<': (n) => repeat('<', n),
  '&amp;': (n) => repeat('&amp;', n),
  backslashes: (n) => repeat('\\*', n),
  '> nesting': (n) => repeat('>', n),
  '> per line': (n) => repeat('> a\n\n', n),
  '- a per line': (n) => repeat('- a\n', n),
  'empty list items': (n) => repeat('-\n', n),
  'list nesting': (n) => repeat('- ', n),
  'nested lists per line': (n) => repeat('- a\n  - b\n', n),
  'quote and list nesting': (n) => repeat('- > ', n),
  paragraphs: (n) => repeat('a\n\n', n),
  'line breaks': (n) => repeat('a\n', n),
};

// The bounds are numbers, not read from BUDGET, so a budget raised or gone fails here. Unbounded,
// these bodies built up to 25,000 block tokens or 20,000 inline tokens (and their HTML as many tags).
/** BUDGET.blockTokens (2,000), plus a closing paragraph and the containers' closes per level of nesting (maxNesting 20). */
const MAX_BLOCK_TOKENS = 2_100;
/** At most a token a step (a mark of an emphasis run each) and a text token between two steps, plus each inline block's own text. */
const MAX_INLINE_TOKENS = 2 * 2_000 + MAX_BLOCK_TOKENS;

describe('the render budget', () => {
  for (const length of [10_000, 20_000]) {
    it.each(Object.keys(WORST))(`%s in ${length.toLocaleString('en-GB')} characters stays within the budget`, (name) => {
      const body = WORST[name](length);
      const work = markdownInternals.work(body);
      expect(work.blockTokens, 'block tokens').toBeLessThanOrEqual(MAX_BLOCK_TOKENS);
      // A step is counted before it is taken: the one that passes the budget takes the rest as text.
      expect(work.inlineSteps, 'inline steps').toBeLessThanOrEqual(2_000 + length);
      expect(work.inlineTokens, 'inline tokens').toBeLessThanOrEqual(MAX_INLINE_TOKENS);
      expect(work.delimiters, 'emphasis delimiters').toBeLessThanOrEqual(2_000);
      expect(work.allowListed, 'the allow-list passes it as it is (no sanitize-html pass)').toBe(true);
      // Nothing is lost: every letter is still shown, in the HTML and the plain text (but an
      // entity's, which shows as its character, and a link definition's, which shows nothing).
      if (name === '&amp;' || name === '[a]') return;
      const letters = body.replace(/[^a-z]/g, '').length;
      expect(
        renderMarkdown(body)
          .replace(/<[^>]*>|&[a-z]+;/g, '')
          .replace(/[^a-z]/g, '').length,
      ).toBeGreaterThanOrEqual(letters);
      expect(markdownText(body).replace(/[^a-z]/g, '').length).toBeGreaterThanOrEqual(letters);
    });
  }

  it('past the budget, the rest of the body is shown as written: its marks as text, its HTML escaped', () => {
    const html = renderMarkdown(repeat('**a', 20_000));
    expect(html.startsWith('<p><strong>a</strong>a<strong>a</strong>')).toBe(true);
    expect(html.endsWith('**a**a**a</p>')).toBe(true);
    const list = renderMarkdown(repeat('- item\n', 20_000));
    expect(list.match(/<li>/g)?.length).toBeLessThanOrEqual(2_000 / 4);
    expect(list).toContain('- item');
    expect(renderMarkdown(repeat('<b>', 20_000)).endsWith('&lt;b&gt;&lt;b&gt;</p>')).toBe(true);
  });

  it('a long, densely formatted real post stays well within it, so it renders in full', () => {
    const section = `**Key Stage 2 maths lead** — we're looking for someone who loves *reasoning*, across Years 3-6. See our [maths policy](https://school.example/maths.pdf) and the \`White Rose\` scheme: it's what we use, day-to-day.

What you'll do:
- Lead the maths team (4 teachers, 2 TAs) and plan CPD with the deputy head.
- Teach a Year 5 class four days a week; **one day** of release for leadership.
- Run pupil-progress meetings each half-term & report to governors.

> "The best school I've worked in — honest feedback, no marking for the sake of it."

1. Apply by 12 January 2027, noon.
2. Questions? Email [office@school.example](mailto:office@school.example) or call 020 7946 0000.

`;
    const post = repeat(section, 20_000);
    const work = markdownInternals.work(post);
    expect(BUDGET).toEqual({ blockTokens: 2_000, inlineSteps: 2_000 });
    expect(work.blockTokens).toBeLessThan(BUDGET.blockTokens * 0.7);
    expect(work.inlineSteps).toBeLessThan(BUDGET.inlineSteps * 0.3);
    const sections = post.split('**Key Stage').length - 1;
    expect(renderMarkdown(post).match(/<strong>Key Stage 2 maths lead<\/strong>/g)).toHaveLength(sections);
  });
});

/** A seeded pseudo-random generator (a test must answer the same each run). */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

const PIECES = [
  '*',
  '**',
  '_',
  '`',
  '[',
  ']',
  '(',
  ')',
  '<',
  '>',
  '&',
  '&amp;',
  '&quot;',
  '&#x3C;',
  '&copy;',
  '"',
  "'",
  '\n',
  '\n\n',
  '- ',
  '1. ',
  '3) ',
  '> ',
  '  ',
  '    ',
  '\t',
  'a',
  'word ',
  '\\',
  '![',
  '#',
  '|',
  '---',
  '<b>',
  '</p>',
  '&#0;',
  ' "t"',
  '\u00a0',
  'é',
  '😀',
  'https://x.example/a?b=1&c="2"',
  'mailto:a@b.example',
  'javascript:alert(1)',
  '<https://a.example>',
  '[x](https://a.example "t")',
  '[x](HTTPS://A.example)',
  '[y]: https://y.example',
  '[y]',
];

describe('the second guard', () => {
  it('writes exactly what sanitize-html would, for hostile payloads and 5,000 random mixes of marks', () => {
    const next = random(1411);
    const bodies = [...XSS_PAYLOADS];
    for (let i = 0; i < 5_000; i++) {
      let body = '';
      for (let n = 1 + Math.floor(next() * 30); n > 0; n--) body += PIECES[Math.floor(next() * PIECES.length)];
      bodies.push(body);
    }
    for (const body of bodies) expect(markdownInternals.render(body), body).toBe(markdownInternals.sanitized(body));
  });

  it('passes only the allow-list as the renderer writes it', () => {
    // Nothing the renderer writes needs sanitize-html; its guard stays for a rule the parser grows later.
    for (const body of XSS_PAYLOADS) expect(markdownInternals.work(body).allowListed, body).toBe(true);
    expect(renderMarkdown('[x](https://a.example "t")')).toBe('<p><a href="https://a.example" rel="nofollow ugc noopener">x</a></p>');
  });

  it('keeps a render per source: the same source answers the same HTML, also after the kept renders are emptied', () => {
    const body = repeat('**a', 10_000);
    const first = renderMarkdown(body);
    expect(renderMarkdown(body)).toBe(first);
    markdownInternals.forget();
    expect(renderMarkdown(body)).toBe(first);
  });
});
