// Threads and replies in the product's Markdown subset (api/markdown/render.ts, the one renderer):
// the thread answer carries the sanitised HTML of each body beside its source; existing
// plain-text posts read as before (the real seeded posts and the edge cases of plain text);
// a card's excerpt and the search index hold the words a reader sees, not Markdown marks or HTML;
// hostile input gets a clear 400/413 or is rendered inert, never a 500.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { forumCategories, forumModerators, forumPosts, forumThreads } from '../../db/schema';
import { signIn, testApp } from '../../test/app';
import { caller } from '../../test/requests';
import { approvedBy } from '../../test/moderated';
import { XSS_PAYLOADS } from '../../test/xss-payloads';
import { markdownExcerpt, markdownText, renderMarkdown } from '../markdown/render';

const { db, app } = testApp({ now: new Date('2026-11-27T12:00:00Z'), rateLimit: false });
const call = caller(app);
const ada = signIn(db, { id: 'm:ada', email: 'ada@example.test', firstName: 'Ada' });
const mod = signIn(db, { id: 'm:mod', email: 'mod@example.test', firstName: 'Mo' });
const category = db.select().from(forumCategories).orderBy(forumCategories.id).limit(1).get()!;
db.insert(forumModerators).values({ userId: 'm:mod', categoryId: category.id }).run();

/** What a reader sees of rendered HTML: the text, with a line break for each <br> and paragraph/list item. */
function visible(html: string): string {
  return html
    .replace(/<br \/>\n?/g, '\n')
    .replace(/<\/(p|li|blockquote)>\n?/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/\n+/g, '\n')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .trim();
}
/** A plain post as the page showed it before (white-space: pre-line): its lines, blank lines folded. */
const plainLines = (s: string) =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');

const approvedThread = (content: string, title = 'A thread in Markdown') =>
  approvedBy(call, mod).thread(ada, { title, content, categoryId: category.id });

describe('existing plain-text posts', () => {
  it('every seeded thread and reply renders to the same visible text, as one paragraph each, with no Markdown element', async () => {
    const threads = db.select({ id: forumThreads.id, content: forumThreads.content }).from(forumThreads).all();
    const posts = db.select({ id: forumPosts.id, content: forumPosts.content }).from(forumPosts).all();
    expect(threads.length).toBeGreaterThanOrEqual(9);
    expect(posts.length).toBeGreaterThanOrEqual(17);
    for (const { content } of [...threads, ...posts]) {
      const html = renderMarkdown(content);
      expect(visible(html), content).toBe(plainLines(content));
      expect(html, content).not.toMatch(/<(em|strong|ul|ol|li|blockquote|code|a)\b/);
      expect(markdownText(content)).toBe(content.trim());
    }
    // And the thread answer carries it: the seeded first thread's HTML and replies.
    const first = threads[0];
    const res = await call('GET', `/api/forum/threads/${first.id}`);
    expect(res.status).toBe(200);
    expect(res.body.html).toBe(renderMarkdown(first.content));
    expect(res.body.text).toBe(first.content);
    expect(res.body.replies.length).toBeGreaterThan(0);
    for (const r of res.body.replies) expect(r.html).toBe(renderMarkdown(r.content));
  });

  it('plain text keeps its lines and characters: line breaks, blank lines, "1." in a sentence, * and _ in words, £ and &', () => {
    const cases = [
      'First line\nSecond line\n\nNew paragraph after a blank line.',
      'Rates went up 2.5% in 2024. Then 5.5% in 2025.',
      'We moved in 2019.\n2. is not a list here, nor is 1. in the middle',
      'Use snake_case_names and a 5 * 3 * 2 grid.',
      'Pay: £150 to £200 & travel; <3 the kids; a > b',
      'Year 7 - 9 set\nKS3 + KS4',
      'my_file_name.docx and 2*3=6',
    ];
    for (const c of cases) expect(visible(renderMarkdown(c)), c).toBe(plainLines(c));
  });

  it('what plain text does become in Markdown (recorded in decision 2025): a list at a line start, *stars* and _underscores_ around words', () => {
    expect(renderMarkdown('Options:\n\n1. Stay\n2. Move')).toBe('<p>Options:</p>\n<ol>\n<li>Stay</li>\n<li>Move</li>\n</ol>');
    expect(renderMarkdown('I *really* mean it')).toBe('<p>I <em>really</em> mean it</p>');
    expect(renderMarkdown('- first\n- second')).toBe('<ul>\n<li>first</li>\n<li>second</li>\n</ul>');
    expect(renderMarkdown('the __init__ file')).toBe('<p>the <strong>init</strong> file</p>');
  });
});

describe('Markdown threads and replies', () => {
  it('the thread answer carries the sanitised HTML; the card excerpt and the search index hold the plain words', async () => {
    const source =
      'We use **whole-class feedback** and *live marking*:\n\n- one sheet per class\n- [the EEF guide](https://educationendowmentfoundation.org.uk/x)\n\n> quoted `code` zebrafinch';
    const id = await approvedThread(source, 'Feedback that works');
    const res = await call('GET', `/api/forum/threads/${id}`);
    expect(res.body.content).toBe(source);
    expect(res.body.html).toBe(
      '<p>We use <strong>whole-class feedback</strong> and <em>live marking</em>:</p>\n<ul>\n<li>one sheet per class</li>\n' +
        '<li><a href="https://educationendowmentfoundation.org.uk/x" rel="nofollow ugc noopener">the EEF guide</a></li>\n</ul>\n' +
        '<blockquote>\n<p>quoted <code>code</code> zebrafinch</p>\n</blockquote>',
    );
    expect(res.body.text).toBe('We use whole-class feedback and live marking:\none sheet per class\nthe EEF guide\nquoted code zebrafinch');

    const list = await call('GET', '/api/forum/threads?search=zebrafinch');
    expect(list.status).toBe(200);
    expect(list.body.map((t: { id: number }) => t.id)).toEqual([id]);
    expect(list.body[0].content).toBe(
      'We use whole-class feedback and live marking: one sheet per class the EEF guide quoted code zebrafinch',
    );
    expect(list.body[0].content).not.toMatch(/[*`>[\]<]/);
    // Markdown marks and HTML are not words of the index.
    for (const q of ['strong', 'blockquote', 'rel', 'nofollow'])
      expect((await call('GET', `/api/forum/threads?search=${q}`)).body.map((t: { id: number }) => t.id)).not.toContain(id);
  });

  it('an excerpt is cut after the marks are gone: 200 characters of words', () => {
    const long = `**${'word '.repeat(100).trim()}**`;
    expect(markdownExcerpt(long, 200)).toBe('word '.repeat(40).trim().slice(0, 200));
    expect(markdownExcerpt(long, 200).length).toBeLessThanOrEqual(200);
  });

  it('replies carry their HTML; a deleted reply has none (its placeholder), an edited one its new HTML', async () => {
    const id = await approvedThread('Opening post of a thread.', 'Replies in Markdown');
    const r1 = await call('POST', `/api/forum/threads/${id}/posts`, { cookie: ada, body: { content: 'A **bold** reply' } });
    const r2 = await call('POST', `/api/forum/threads/${id}/posts`, { cookie: ada, body: { content: 'To be deleted' } });
    expect((await call('PATCH', `/api/forum/posts/${r1.body.id}`, { cookie: ada, body: { content: 'An *edited* reply' } })).status).toBe(
      200,
    );
    expect((await call('DELETE', `/api/forum/posts/${r2.body.id}`, { cookie: ada })).status).toBe(200);
    const res = await call('GET', `/api/forum/threads/${id}`, { cookie: ada });
    const [a, b] = res.body.replies;
    expect(a).toMatchObject({ content: 'An *edited* reply', html: '<p>An <em>edited</em> reply</p>' });
    expect(a.editedAt).not.toBeNull();
    expect(b).toMatchObject({ content: '', html: '', user: { firstName: null } });
    expect(b.deletedAt).not.toBeNull();
  });
});

function expectInert(html: string, what: string) {
  expect(html, what).not.toMatch(/<(script|img|iframe|svg|math|style|div|body|table)\b/i);
  expect(html, what).not.toMatch(/<[^>]*\son\w+\s*=/i);
  expect(html, what).not.toMatch(/<a\b[^>]*href="(?!https?:|mailto:)/i);
  expect(html, what).not.toMatch(/<[^>]*style=/i);
  for (const a of html.match(/<a\b[^>]*>/g) ?? []) expect(a, what).toContain('rel="nofollow ugc noopener"');
  expect((html.match(/<blockquote>/g) ?? []).length, what).toBeLessThanOrEqual(20);
}

describe('bad input', () => {
  it('every XSS payload in a thread and a reply is stored as written and rendered inert (never a 500)', async () => {
    const id = await approvedThread('A thread that collects hostile replies.', 'Hostile input');
    for (const payload of XSS_PAYLOADS) {
      const t = await call('POST', '/api/forum/threads', {
        cookie: ada,
        body: { title: 'Payload', content: payload, categoryId: category.id },
      });
      expect(t.status, payload.slice(0, 60)).toBe(201);
      const r = await call('POST', `/api/forum/threads/${id}/posts`, { cookie: ada, body: { content: payload } });
      expect(r.status, payload.slice(0, 60)).toBe(201);
      const shown = await call('GET', `/api/forum/threads/${t.body.id}`, { cookie: ada });
      expect(shown.status).toBe(200);
      expectInert(shown.body.html, payload.slice(0, 60));
    }
    const res = await call('GET', `/api/forum/threads/${id}`, { cookie: ada });
    expect(res.body.replies).toHaveLength(XSS_PAYLOADS.length);
    for (const r of res.body.replies) expectInert(r.html, r.content.slice(0, 60));
    const list = await call('GET', '/api/forum/threads?limit=100', { cookie: ada });
    // A card's excerpt is plain text (React shows it as text): what she typed, never HTML made of it.
    expect(list.status).toBe(200);
    for (const t of list.body) expect(t.content).not.toMatch(/&lt;|<(em|strong|a|blockquote)>/);
  });

  it('too long is a 400 with the length message (an edit too), over the 64 KB request limit a 413, nothing written', async () => {
    const id = await approvedThread('A thread for long replies.', 'Long input');
    const before = db.select().from(forumPosts).where(eq(forumPosts.threadId, id)).all().length;
    const long = await call('POST', `/api/forum/threads/${id}/posts`, { cookie: ada, body: { content: 'x'.repeat(20_001) } });
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual({ content: 'Please keep this under 20,000 characters' });
    const huge = await call('POST', `/api/forum/threads/${id}/posts`, { cookie: ada, body: { content: 'x'.repeat(1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ error: 'Request body too large' });
    const t = await call('POST', '/api/forum/threads', {
      cookie: ada,
      body: { title: 'Huge', content: '> '.repeat(600_000), categoryId: category.id },
    });
    expect(t.status).toBe(413);
    const ok = await call('POST', `/api/forum/threads/${id}/posts`, { cookie: ada, body: { content: 'Short and fine' } });
    const edit = await call('PATCH', `/api/forum/posts/${ok.body.id}`, { cookie: ada, body: { content: 'y'.repeat(20_001) } });
    expect(edit.status).toBe(400);
    expect(edit.body.fields).toEqual({ content: 'Please keep this under 20,000 characters' });
    expect(db.select().from(forumPosts).where(eq(forumPosts.threadId, id)).all().length).toBe(before + 1);
  });

  // How long these take is measured by `npm run bench:markdown` (decision 2028), not here.
  it('renders the worst 20,000-character bodies inert, and their plain text keeps their letters', () => {
    for (const body of [
      '>'.repeat(20_000),
      '*a'.repeat(10_000),
      '[a]('.repeat(5_000),
      '- '.repeat(10_000),
      '`'.repeat(20_000),
      '1. '.repeat(6_000),
      '<'.repeat(20_000),
    ]) {
      expectInert(renderMarkdown(body), body.slice(0, 10));
      const letters = body.replace(/[^a-z]/g, '').length;
      expect(markdownText(body).replace(/[^a-z]/g, '').length, body.slice(0, 10)).toBe(letters);
    }
  });
});
