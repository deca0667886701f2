import { describe, expect, it } from 'vitest';
import { quoteOf, withQuote } from './quote';

// The server reads these quotes back: api/notifications/quotes.test.ts.
describe('quoteOf', () => {
  it('quotes a reply line by line with her first name and a link the server reads back', () => {
    const q = quoteOf({ firstName: 'Bea', source: 'First line\n\nSecond *line*', threadId: 7, postId: 12 }, 'https://tilt.example');
    expect(q).toBe('> **Bea** [wrote](https://tilt.example/forum/threads/7#post-12):\n> First line\n>\n> Second *line*\n\n');
  });

  it('quotes the opening post, leaves quotes inside it out, cuts a long text', () => {
    const q = quoteOf(
      { firstName: 'A*l_i[c]e', source: '> > older quote\nMine\n' + 'x'.repeat(2_000), threadId: 3, postId: null },
      'http://localhost:3000',
    );
    expect(q.startsWith('> **Alice** [wrote](http://localhost:3000/forum/threads/3#opening-post):\n> Mine\n> xxx')).toBe(true);
    expect(q).not.toContain('older quote');
    expect(q.length).toBeLessThan(1_200);
    expect(q.trimEnd().endsWith('…')).toBe(true);
  });

  it('adds the quote after what is written, on its own paragraph', () => {
    expect(withQuote('', '> q\n\n')).toBe('> q\n\n');
    expect(withQuote('Hello\n\n', '> q\n\n')).toBe('Hello\n\n> q\n\n');
  });
});
