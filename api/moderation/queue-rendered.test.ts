// The moderation queue shows threads and replies as the public will read them (issue 37 item 14,
// decision 2115): each carries `html`, rendered by the forum's own Markdown renderer
// (api/markdown/render.ts), oldest first; a pending review carries every sub-rating and its advice.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { forumCategories, forumThreads } from '../../db/schema';
import { renderMarkdown } from '../markdown/render';
import { ok, signIn, testApp, withCookie } from '../../test/app';
import { caller } from '../../test/requests';

const NOW = new Date('2026-12-06T12:00:00Z');
const { db, app, client } = testApp({ now: NOW, adminEmails: ['admin@example.test'], rateLimit: false });
const call = caller(app);
const author = signIn(db, { id: 'qr:author', email: 'qr.author@example.test', firstName: 'Ann' });
const admin = signIn(db, { id: 'qr:admin', email: 'admin@example.test', firstName: 'Root' });
const category = db.select().from(forumCategories).all()[0];

describe('the queue as the public will read it', () => {
  it("renders a pending thread's and reply's Markdown with the forum's renderer, oldest first", async () => {
    const content = 'Does **anyone** know:\n\n- cover rules\n- [the STPCD](https://www.gov.uk/stpcd)\n\n<script>alert(1)</script>';
    const older = (
      await call('POST', '/api/forum/threads', {
        cookie: author,
        body: { title: 'Cover rules at my school', content, categoryId: category.id },
      })
    ).body;
    const newer = (
      await call('POST', '/api/forum/threads', {
        cookie: author,
        body: { title: 'Second question here', content: 'Plain *text*', categoryId: category.id },
      })
    ).body;
    // The first waited three days.
    db.update(forumThreads)
      .set({ createdAt: new Date('2026-12-03T09:00:00Z') })
      .where(eq(forumThreads.id, older.id))
      .run();
    const queue = await ok(client.moderation.queue.$get(undefined, withCookie(admin)));
    const ids = queue.threads.map((t) => t.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    const t = queue.threads.find((x) => x.id === older.id)!;
    expect(t.html).toBe(renderMarkdown(content));
    expect(t.html).toContain('<strong>anyone</strong>');
    expect(t.html).toContain('<li><a href="https://www.gov.uk/stpcd" rel="nofollow ugc noopener">the STPCD</a></li>');
    expect(t.html).not.toContain('<script>');
  });
});
