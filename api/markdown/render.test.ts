// The safe Markdown subset: what renders, and hostile input coming back inert.
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render';

describe('renderMarkdown', () => {
  it('renders the subset: paragraphs, line breaks, emphasis, strong, lists, links, quotes, inline code', () => {
    expect(renderMarkdown('We are *small* and **kind**.\nSecond line.\n\nNew paragraph.')).toBe(
      '<p>We are <em>small</em> and <strong>kind</strong>.<br />\nSecond line.</p>\n<p>New paragraph.</p>',
    );
    expect(renderMarkdown('- one\n- two\n\n3. three')).toBe(
      '<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<ol start="3">\n<li>three</li>\n</ol>',
    );
    expect(renderMarkdown('[Our site](https://school.example/about) and [mail](mailto:office@school.example)')).toBe(
      '<p><a href="https://school.example/about" rel="nofollow ugc noopener">Our site</a> and <a href="mailto:office@school.example" rel="nofollow ugc noopener">mail</a></p>',
    );
    expect(renderMarkdown('> quoted\n\nuse `code`')).toBe('<blockquote>\n<p>quoted</p>\n</blockquote>\n<p>use <code>code</code></p>');
    expect(renderMarkdown('   \n ')).toBe('');
  });

  it('leaves out what is not in the subset: headings, images, tables, code blocks, rules', () => {
    const html = renderMarkdown('# Title\n\n![x](https://img.example/a.png)\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```\nblock\n```\n\n---');
    expect(html).not.toMatch(/<h1|<img|<table|<pre|<hr/);
    expect(html).toContain('# Title');
  });

  it('renders hostile input inert: scripts, raw HTML, javascript: and data: links, event attributes', () => {
    const payloads = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[click](javascript:alert(1))',
      '[click](JaVaScRiPt:alert(1))',
      '[click](data:text/html;base64,PHNjcmlwdD4=)',
      '<a href="javascript:alert(1)">x</a>',
      '<iframe src="https://evil.example"></iframe>',
      '[x](https://ok.example "title" onclick=alert(1))',
      '<svg onload=alert(1)>',
      '<div style="background:url(javascript:alert(1))">',
      '[x](vbscript:msgbox)',
      '<https://ok.example>',
    ];
    for (const p of payloads) {
      const html = renderMarkdown(p);
      expect(html, p).not.toMatch(/<(script|img|iframe|svg|div)\b/i);
      expect(html, p).not.toMatch(/<[^>]*\son\w+=/i);
      expect(html, p).not.toMatch(/<a[^>]*href="(javascript|data|vbscript):/i);
      expect(html, p).not.toMatch(/<[^>]*style=/i);
    }
    expect(renderMarkdown('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(renderMarkdown('[click](javascript:alert(1))')).toBe('<p>[click](javascript:alert(1))</p>');
  });

  it('survives 10,000 nested quotes and a long body without deep output', () => {
    const html = renderMarkdown('>'.repeat(10_000) + ' deep');
    expect((html.match(/<blockquote>/g) ?? []).length).toBeLessThanOrEqual(20);
    expect(renderMarkdown('word '.repeat(20_000)).length).toBeGreaterThan(100_000);
  });
});
