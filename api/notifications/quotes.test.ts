// "Quote" in the forum (decision 2010's quote hook): a reply that quotes a reply or the opening
// post with the forum's quote line tells the quoted author once (kind `quote`, instead of `reply`),
// at the reply's approval; never the writer quoting herself; a quote inside a quote tells nobody.
import { describe, expect, it } from 'vitest';
import { forumCategories, forumModerators } from '../../db/schema';
import { signIn, testApp } from '../../test/app';
import { caller } from '../../test/requests';
import { approvedBy } from '../../test/moderated';
import { quoteOf } from '../../web/thread/quote';
import { quotedSources } from './notifications.service';

const NOW = new Date('2026-11-27T12:00:00Z');
const { db, app } = testApp({ demo: false, now: NOW, rateLimit: false });
const call = caller(app);
const category = db.select().from(forumCategories).orderBy(forumCategories.id).limit(1).get()!;
const alice = signIn(db, { id: 'q:alice', email: 'alice@example.test', firstName: 'Alice', lastName: 'Archer' });
const bea = signIn(db, { id: 'q:bea', email: 'bea@example.test', firstName: 'Bea', lastName: 'Brightwater' });
const cat = signIn(db, { id: 'q:cat', email: 'cat@example.test', firstName: 'Cat', lastName: 'Carmichael' });
const mod = signIn(db, { id: 'q:mod', email: 'mod@example.test', firstName: 'Mo', lastName: 'Moderator' });
db.insert(forumModerators).values({ userId: 'q:mod', categoryId: category.id }).run();

const rows = (userId: string) =>
  db.$client
    .prepare(
      'select kind, subject_id as subjectId, actor_first_name as actor from notifications where user_id = ? and subject_type = ? order by id',
    )
    .all(userId, 'post') as { kind: string; subjectId: number; actor: string | null }[];

const approved = approvedBy(call, mod);
const thread = (cookie: string, title: string) =>
  approved.thread(cookie, { title, content: 'What do people think about this?', categoryId: category.id });
const reply = (cookie: string, threadId: number, content: string) => approved.reply(cookie, threadId, { content });
/** The quote the thread page's "Quote" button writes (web/thread/quote.ts). */
const quote = (name: string, threadId: number, anchor: string, text: string) =>
  quoteOf(
    { firstName: name, source: text, threadId, postId: anchor === 'opening-post' ? null : Number(anchor.slice(5)) },
    'http://localhost:3000',
  );

describe('quotes', () => {
  it('reads the source links of first-level quote lines of this thread only', () => {
    const body = [
      '> **Bea** [wrote](https://tilt.example/forum/threads/7#post-12):',
      '> > **Cat** [wrote](https://tilt.example/forum/threads/7#post-13):',
      '> **Alice** [wrote](https://tilt.example/forum/threads/7#opening-post):',
      '> **Dan** [wrote](https://tilt.example/forum/threads/8#post-14):',
      'Not a quote: [see](https://tilt.example/forum/threads/7#post-15)',
    ].join('\n');
    expect(quotedSources(body, 7)).toEqual({ opening: true, postIds: [12] });
    expect(quotedSources('> [x](javascript:alert(1)) #post-3', 7)).toEqual({ opening: false, postIds: [] });
    // What the page's Quote button writes is read back.
    expect(quotedSources(quoteOf({ firstName: 'Bea', source: 'a\n\nb', threadId: 7, postId: 12 }, 'https://tilt.example'), 7)).toEqual({
      opening: false,
      postIds: [12],
    });
    expect(quotedSources(quoteOf({ firstName: 'Al', source: 'a', threadId: 7, postId: null }, 'http://localhost:3000'), 7)).toEqual({
      opening: true,
      postIds: [],
    });
  });

  it('a quoted reply tells its author once (quote, not reply), the quoted opening post its author; never the writer', async () => {
    const threadId = await thread(alice, 'Quoting in the forum');
    const p1 = await reply(bea, threadId, 'Whole-class feedback halved my marking.');
    expect(rows('q:alice').map((r) => [r.kind, r.subjectId])).toEqual([['reply', p1]]);

    // Cat quotes Bea twice and the opening post once: Bea hears one quote, Alice one quote (not a reply).
    const body =
      quote('Bea', threadId, `post-${p1}`, 'Whole-class feedback') +
      quote('Bea', threadId, `post-${p1}`, 'halved') +
      quote('Alice', threadId, 'opening-post', 'What do people think') +
      'Same here.';
    const p2 = await reply(cat, threadId, body);
    expect(rows('q:bea').map((r) => [r.kind, r.subjectId, r.actor])).toEqual([['quote', p2, 'Cat']]);
    expect(rows('q:alice').map((r) => [r.kind, r.subjectId])).toEqual([
      ['reply', p1],
      ['quote', p2],
    ]);
    expect(rows('q:cat')).toEqual([]);
    // The notification screen says so.
    const inbox = await call('GET', '/api/notifications', { cookie: bea });
    expect(inbox.body.notifications[0]).toMatchObject({ kind: 'quote', subjectId: p2, actorFirstName: 'Cat' });

    // Approved again (after reports, say): the unique (user, kind, subject) index writes nothing new.
    expect((await call('POST', `/api/moderation/posts/${p2}/approve`, { cookie: mod })).status).toBe(200);
    expect(rows('q:bea')).toHaveLength(1);
    const n = db.$client.prepare("select count(*) n from notifications where kind = 'quote' and subject_id = ?").get(p2) as { n: number };
    expect(n.n).toBe(2);

    // Bea quoting her own reply: nothing for her; Alice (a watcher) hears a plain reply; Cat (a watcher) too.
    const p3 = await reply(bea, threadId, quote('Bea', threadId, `post-${p1}`, 'my own words') + 'Adding to this.');
    expect(rows('q:bea')).toHaveLength(1);
    expect(rows('q:alice').at(-1)).toMatchObject({ kind: 'reply', subjectId: p3 });
    expect(rows('q:cat').map((r) => r.kind)).toEqual(['reply']);
  });

  it('a quote of a deleted reply, or of a reply in another thread, tells nobody', async () => {
    const t1 = await thread(alice, 'First thread for quotes');
    const t2 = await thread(alice, 'Second thread for quotes');
    const p1 = await reply(bea, t1, 'A reply that will be deleted.');
    const p2 = await reply(bea, t2, 'A reply in the other thread.');
    expect((await call('DELETE', `/api/forum/posts/${p1}`, { cookie: bea })).status).toBe(200);
    const before = rows('q:bea').length;
    await reply(cat, t1, quote('Bea', t1, `post-${p1}`, 'deleted') + quote('Bea', t1, `post-${p2}`, 'elsewhere') + 'Hmm.');
    expect(rows('q:bea')).toHaveLength(before + 1);
    expect(rows('q:bea').at(-1)!.kind).toBe('reply'); // she watches t1 (she replied): a reply, not a quote
  });
});
