import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeText } from './html';

describe('the one HTML escape (core/html.ts)', () => {
  it('escapes the five characters of text and attributes as React does', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#x27;s&lt;/a&gt;');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
    expect(escapeHtml('St Mary’s — plain')).toBe('St Mary’s — plain');
  });

  it('leaves quotes in text as written (the Markdown renderer matches sanitize-html)', () => {
    expect(escapeText(`"Tom" & 'Jerry' <b>`)).toBe(`"Tom" &amp; 'Jerry' &lt;b&gt;`);
  });
});
