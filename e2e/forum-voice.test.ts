// A teacher's own voice in the forum, in Chromium at 390x844: Bea edits her reply ("edited" shows
// with its time) and deletes another (a "Deleted by its author" placeholder keeps the
// conversation); Alice sees no Edit or Delete on Bea's replies; Write/Preview shows bold and a
// list from the server's renderer; Quote puts Alice's words with her name and a link into Bea's
// reply, and Alice hears of it; hostile Markdown never runs a script; an edit made offline is
// sent once when the phone is back online; an approved thread she rewrites stays as approved for
// every reader (the server-rendered page, the app, the list) until a moderator approves her edit.
import type { Dialog, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../test/xss-payloads';
import { DESKTOP, PHONE, screenshot, settle, waitForServiceWorker } from './harness';
import { attemptTag, outboxSize, peopleTestEnv } from './screens.helpers';

const env = peopleTestEnv(
  {
    alice: { id: 'e2e:alice', email: 'alice.voice@example.test', firstName: 'Alice', lastName: 'Archer' },
    bea: { id: 'e2e:bea', email: 'bea.voice@example.test', firstName: 'Bea', lastName: 'Brightwater' },
    admin: { id: 'e2e:admin', email: 'admin.voice@example.test', firstName: 'Ada' },
  },
  {
    serverEnv: { ADMIN_EMAILS: 'admin.voice@example.test' },
    browser: { serviceWorkers: 'allow' }, // edits made offline
    ready: async () => {
      const categories = (await (await fetch(`${env.server.url}/api/forum/categories`)).json()) as { id: number }[];
      ({ id: threadId } = await api('alice', 'POST', '/api/forum/threads', {
        title: 'Whole-class feedback: what works?',
        content:
          'We are moving to **whole-class feedback** next term.\n\nWhat has worked for you:\n\n- feedback sheets\n- live marking\n\nAny *tips* welcome.',
        categoryId: categories[0].id,
      }));
      await api('admin', 'POST', `/api/moderation/threads/${threadId}/approve`);
      posts.alice = await approvedReply('alice', 'We tried it in science first and it halved the marking time.');
    },
  },
);
/** This one phone (as), signed in as someone; their cookies for a write as the app makes it. */
const { as, cookies } = env;
let threadId: number;
const posts: Record<'toEdit' | 'toDelete' | 'alice' | 'markdown', number> = { toEdit: 0, toDelete: 0, alice: 0, markdown: 0 };
const one = <T>(sql: string, ...args: unknown[]) => env.db.$client.prepare(sql).get(...args) as T;

/** A write as the app makes it (same origin, her session). */
async function api(who: keyof typeof cookies, method: string, path: string, body?: unknown) {
  const res = await fetch(env.server.url + path, {
    method,
    headers: { Cookie: cookies[who], Origin: env.server.url, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { id: number };
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return json;
}
async function approvedReply(who: keyof typeof cookies, content: string) {
  const { id } = await api(who, 'POST', `/api/forum/threads/${threadId}/posts`, { content });
  await api('admin', 'POST', `/api/moderation/posts/${id}/approve`);
  return id;
}

const reply = (page: Page, id: number) => page.locator(`#post-${id}`);
const buttonsOf = async (page: Page, id: number) =>
  (await reply(page, id).locator(':scope > div button, :scope > div > div button').allInnerTexts()).map((t) => t.trim());

/** What the database holds for a reply now. */
const contentOf = (id: number) => one<{ content: string }>('select content from forum_posts where id = ?', id).content;
/**
 * What its author last wrote: her edit waiting for a moderator (an edit of a published reply
 * waits, decision 2026), else the reply's text.
 */
function writtenOf(id: number) {
  const waiting = one<{ body: string } | undefined>(
    "select body from contribution_revisions where kind = 'reply' and target_id = ? and state = 'pending'",
    id,
  );
  return waiting ? (JSON.parse(waiting.body) as { content: string }).content : contentOf(id);
}
/** How many edits of a reply reached the server (each request once, whatever its answer did). */
const editsSent = (id: number) =>
  one<{ n: number }>(
    "select count(*) n from idempotency_keys where user_id = 'e2e:bea' and method = 'PATCH' and path = ?",
    `/api/forum/posts/${id}`,
  ).n;
/** This tab on the discussion with its service worker in control, Bea's Edit on her reply shown. */
async function openThreadWithWorker(page: Page) {
  await page.goto(`${env.server.url}/forum/threads/${threadId}`);
  await waitForServiceWorker(page);
  await page.reload();
  await expect.poll(() => buttonsOf(page, posts.toEdit)).toEqual(expect.arrayContaining(['Edit']));
}
/** Opens Edit on Bea's reply and types `words` (not saved yet): the edit form. */
async function typeEdit(page: Page, words: string) {
  await reply(page, posts.toEdit).getByRole('button', { name: 'Edit' }).click();
  const form = page.getByTestId('edit-form-reply');
  await form.getByLabel('Your reply', { exact: true }).fill(words);
  return form;
}

describe('forum voice', () => {
  it('Bea edits her reply ("edited" with its time) and deletes another (a placeholder); Alice sees no Edit or Delete on them', {
    timeout: 90_000,
  }, async () => {
    // Her two replies are this attempt's own: a failed first attempt may have edited or deleted its pair.
    posts.toEdit = await approvedReply('bea', 'Feedback sheets work if pupils act on them in the next lesson.');
    posts.toDelete = await approvedReply('bea', 'Wrong thread, sorry!');
    const page = await as('bea');
    await page.goto(`${env.server.url}/forum/threads/${threadId}`);
    // Hers carry Edit and Delete (once her activity has arrived); Alice's does not.
    await expect.poll(() => buttonsOf(page, posts.toEdit)).toEqual(expect.arrayContaining(['Edit', 'Delete', 'Quote']));
    expect(await buttonsOf(page, posts.alice)).not.toContain('Edit');
    expect(await buttonsOf(page, posts.alice)).not.toContain('Delete');
    // The opening post is Alice's: no Edit for Bea there either.
    expect(await page.getByTestId('opening-post').getByRole('button', { name: 'Edit' }).count()).toBe(0);

    // Edit with the create rules: empty is refused with the create message.
    await reply(page, posts.toEdit).getByRole('button', { name: 'Edit' }).click();
    const form = page.getByTestId('edit-form-reply');
    const box = form.getByLabel('Your reply', { exact: true });
    await box.fill('   ');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByTestId(`error-edit-reply-${posts.toEdit}-content`).innerText()).toBe('Content is required');
    await box.fill('Feedback sheets work **only** if pupils act on them in the very next lesson.');
    await form.getByRole('button', { name: 'Save changes' }).click();
    const edited = reply(page, posts.toEdit);
    await expect.poll(() => edited.locator('strong').innerText()).toBe('only');
    const time = edited.getByTestId('edited').locator('time');
    expect(await edited.getByTestId('edited').innerText()).toMatch(/^edited (just now|1 minute ago)$/);
    expect(new Date((await time.getAttribute('datetime'))!).getTime()).toBeGreaterThan(Date.now() - 120_000);
    expect(one<{ n: number }>("select count(*) n from contribution_revisions where kind = 'reply' and target_id = ?", posts.toEdit).n).toBe(
      1,
    );

    // Delete after a confirmation: the placeholder stays in its place.
    await reply(page, posts.toDelete).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your reply?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Delete reply' }).click();
    await expect.poll(() => reply(page, posts.toDelete).getByTestId('reply-deleted').innerText()).toBe('Deleted by its author');
    expect(await reply(page, posts.toDelete).innerText()).not.toContain('Wrong thread');
    expect(await reply(page, posts.toDelete).getAttribute('aria-label')).toBe('Reply deleted by its author');
    expect(contentOf(posts.toDelete)).toBe('');
    await page.close();

    // Alice reads the same thread: Bea's replies, edited and deleted, and no Edit or Delete on them.
    const alice = await as('alice');
    await alice.goto(`${env.server.url}/forum/threads/${threadId}`);
    await expect.poll(() => buttonsOf(alice, posts.alice)).toEqual(expect.arrayContaining(['Edit', 'Delete']));
    expect(await buttonsOf(alice, posts.toEdit)).not.toEqual(expect.arrayContaining(['Edit']));
    expect(await buttonsOf(alice, posts.toEdit)).not.toEqual(expect.arrayContaining(['Delete']));
    expect(await reply(alice, posts.toEdit).getByTestId('edited').count()).toBe(1);
    expect(await reply(alice, posts.toDelete).innerText()).toContain('Deleted by its author');
    // Her own opening post shows her Markdown rendered by the server.
    const opening = alice.getByTestId('opening-post');
    expect(await opening.locator('strong').innerText()).toBe('whole-class feedback');
    expect(await opening.locator('ul li').allInnerTexts()).toEqual(['feedback sheets', 'live marking']);
    expect(await opening.getByRole('button', { name: 'Edit' }).count()).toBe(1);
    await settle(alice);
    await screenshot(alice, 'forum-voice-thread-phone');
    await alice.setViewportSize(DESKTOP);
    await screenshot(alice, 'forum-voice-thread-desktop');
    await alice.close();

    // A moderator opens the edited reply's earlier versions: what it said before the edit.
    const admin = await as('admin');
    await admin.goto(`${env.server.url}/forum/threads/${threadId}`);
    const versions = reply(admin, posts.toEdit).getByTestId('earlier-versions');
    await versions.locator('summary').click();
    await expect
      .poll(() => versions.locator('li').allInnerTexts())
      .toEqual([expect.stringContaining('Feedback sheets work if pupils act on them in the next lesson.')]);
    // Not offered on a reply nobody edited, nor to a member.
    expect(await reply(admin, posts.alice).getByTestId('earlier-versions').count()).toBe(0);
    await admin.close();
  });

  it('Write/Preview shows bold and a list from the server; Quote puts Alice’s words, name and link in; Alice hears of the quote', {
    timeout: 90_000,
  }, async () => {
    const page = await as('bea');
    await page.goto(`${env.server.url}/forum/threads/${threadId}`);
    const form = page.getByTestId('reply-form').last();
    await expect.poll(() => reply(page, posts.alice).getByRole('button', { name: 'Quote Alice' }).isVisible()).toBe(true);
    await reply(page, posts.alice).getByRole('button', { name: 'Quote Alice' }).click();
    const box = form.getByLabel('Add a reply', { exact: true });
    const link = `${env.server.url}/forum/threads/${threadId}#post-${posts.alice}`;
    await expect
      .poll(() => box.inputValue())
      .toBe(`> **Alice** [wrote](${link}):\n> We tried it in science first and it halved the marking time.\n\n`);
    // The caret after the quote, whenever the form's code arrived (e2e/later-taps holds it back).
    await expect
      .poll(() => box.evaluate((b: HTMLTextAreaElement) => b.selectionStart === b.value.length && document.activeElement === b))
      .toBe(true);
    // Tagged: a failed first attempt's quoting reply may already be in the database.
    const tag = attemptTag();
    await box.pressSequentially(`Same for us (${tag}): **half** the time.\n\n- sheets\n- live marking`);

    await form.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('preview-reply-thread');
    await expect.poll(() => preview.locator('strong').allInnerTexts()).toEqual(['Alice', 'half']);
    expect(await preview.locator('li').allInnerTexts()).toEqual(['sheets', 'live marking']);
    expect(await preview.locator('blockquote a').getAttribute('href')).toBe(link);
    expect(await preview.locator('blockquote a').getAttribute('rel')).toBe('nofollow ugc noopener');
    await preview.scrollIntoViewIfNeeded();
    await screenshot(page, 'forum-voice-preview-phone');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'forum-voice-preview-desktop');
    await page.setViewportSize(PHONE);

    await form.getByRole('button', { name: 'Write' }).click();
    await form.getByRole('button', { name: 'Post Reply' }).click();
    const mine = `from forum_posts where user_id = 'e2e:bea' and content like '> **Alice**%' and content like '%(${tag})%'`;
    await expect.poll(() => one<{ n: number }>(`select count(*) n ${mine}`).n).toBe(1);
    const quoting = one<{ id: number }>(`select id ${mine}`).id;
    posts.markdown = quoting;
    await page.close();
    // Nothing until a moderator publishes it; then one quote for Alice, not a plain reply.
    expect(one<{ n: number }>("select count(*) n from notifications where user_id = 'e2e:alice' and subject_id = ?", quoting).n).toBe(0);
    await api('admin', 'POST', `/api/moderation/posts/${quoting}/approve`);
    expect(
      env.db.$client
        .prepare("select kind from notifications where user_id = 'e2e:alice' and subject_type = 'post' and subject_id = ?")
        .all(quoting),
    ).toEqual([{ kind: 'quote' }]);

    const alice = await as('alice');
    await alice.goto(`${env.server.url}/notifications`);
    await expect.poll(() => alice.getByTestId('notification-list').innerText()).toContain('Bea quoted you in');
    await alice.goto(`${env.server.url}/forum/threads/${threadId}`);
    const shown = reply(alice, quoting);
    await expect.poll(() => shown.locator('blockquote').innerText()).toContain('We tried it in science first');
    expect(await shown.locator('li').allInnerTexts()).toEqual(['sheets', 'live marking']);
    await alice.close();
  });

  it('hostile Markdown in a thread and its replies never runs a script (no __pwned, no dialog)', { timeout: 120_000 }, async () => {
    const categories = (await (await fetch(`${env.server.url}/api/forum/categories`)).json()) as { id: number }[];
    const hostile = await api('bea', 'POST', '/api/forum/threads', {
      title: 'Hostile input',
      content: XSS_PAYLOADS.slice(0, 12).join('\n\n'),
      categoryId: categories[0].id,
    });
    await api('admin', 'POST', `/api/moderation/threads/${hostile.id}/approve`);
    // The API test sends each payload through the routes (api/forum/forum-markdown.test.ts); here
    // they are stored as published replies at once (the write limit allows 20 a minute).
    const insert = env.db.$client.prepare(
      'insert into forum_posts (thread_id, user_id, content, is_approved, created_at, updated_at) values (?, ?, ?, 1, ?, ?)',
    );
    const now = Date.now();
    for (const [i, payload] of XSS_PAYLOADS.entries()) insert.run(hostile.id, 'e2e:bea', payload, now + i, now + i);
    const page = await as('alice');
    const dialogs: string[] = [];
    page.on('dialog', (d: Dialog) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${env.server.url}/forum/threads/${hostile.id}`);
    await expect.poll(() => page.getByTestId('reply').count()).toBe(XSS_PAYLOADS.length);
    // Hover and click every link the payloads made: none may run anything.
    for (const a of await page.locator('[data-testid="reply"] a, [data-testid="opening-post"] a').all()) {
      expect(await a.getAttribute('href')).toMatch(/^(https?:|mailto:)/);
      await a.hover().catch(() => undefined);
    }
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(await page.locator('main script, main img, main iframe, main svg:not([aria-hidden]) [onload]').count()).toBe(0);
    expect(await page.locator('main [onerror], main [onclick], main [onload], main [onmouseover]').count()).toBe(0);
    // The text she typed is shown as text.
    expect(await page.getByTestId('reply').first().innerText()).toContain('<script>window.__pwned = 1</script>');
    await page.close();
  });

  it('an edit made offline waits on the phone and is sent exactly once when back online', { timeout: 120_000 }, async () => {
    const page = await as('bea');
    try {
      await openThreadWithWorker(page);
      const before = editsSent(posts.toEdit);
      // The attempt's own words: a failed first attempt's edit may still arrive from the outbox.
      const tube = `Written on the Tube (${attemptTag()}): sheets work when pupils act on them.`;
      await env.browser.setOffline(true);
      try {
        const form = await typeEdit(page, tube);
        await form.getByRole('button', { name: 'Save changes' }).click();
        await expect.poll(() => reply(page, posts.toEdit).innerText()).toContain('Edit waiting to be sent');
        expect(writtenOf(posts.toEdit)).not.toBe(tube);
      } finally {
        await env.browser.setOffline(false);
      }
      // A rewrite of a published reply: it waits for a moderator; she reads it with that note.
      await expect.poll(() => writtenOf(posts.toEdit), { timeout: 30_000 }).toBe(tube);
      await expect.poll(() => reply(page, posts.toEdit).innerText(), { timeout: 15_000 }).not.toContain('Edit waiting to be sent');
      await expect.poll(() => reply(page, posts.toEdit).getByTestId('edit-pending').innerText()).toContain('Edit waiting for a moderator');
      expect(await reply(page, posts.toEdit).innerText()).toContain(tube);
      // Sent once: one request reached the server, not two, and nothing is left in her outbox.
      await page.waitForTimeout(2_000);
      await page.reload();
      expect(editsSent(posts.toEdit)).toBe(before + 1);
      expect(await outboxSize(page)).toBe(0);
    } finally {
      // A failed attempt's tab left open would send the retry's edit itself.
      await page.close();
    }
  });

  it('an edit queued in one tab and sent by another: the first tab shows the edit, not "waiting"', { timeout: 120_000 }, async () => {
    const page = await as('bea');
    const other = await env.browser.newPage();
    try {
      await openThreadWithWorker(page);
      await other.setViewportSize(PHONE);
      await other.goto(`${env.server.url}/forum/threads/${threadId}`);
      await expect.poll(() => buttonsOf(other, posts.toEdit)).toEqual(expect.arrayContaining(['Edit']));
      // This tab cannot send it (its write never leaves): only the other tab can.
      await page.route(`**/api/forum/posts/${posts.toEdit}`, (route) =>
        route.request().method() === 'PATCH' ? route.abort('internetdisconnected') : route.fallback(),
      );
      const words = `Queued here, sent by the other tab (${attemptTag()}).`;
      await env.browser.setOffline(true);
      try {
        const form = await typeEdit(page, words);
        await form.getByRole('button', { name: 'Save changes' }).click();
        await expect.poll(() => reply(page, posts.toEdit).innerText()).toContain('Edit waiting to be sent');
      } finally {
        await env.browser.setOffline(false);
      }
      await expect.poll(() => writtenOf(posts.toEdit), { timeout: 30_000 }).toBe(words);
      // This tab hears that the other sent it: the edit as the server has it, no longer waiting.
      await expect.poll(() => reply(page, posts.toEdit).innerText(), { timeout: 15_000 }).not.toContain('Edit waiting to be sent');
      expect(await reply(page, posts.toEdit).innerText()).toContain(words);
    } finally {
      await other.close();
      await page.close();
    }
  });

  it('with no saved copy of the thread on the phone, an edit queued offline keeps the discussion on the screen', {
    timeout: 120_000,
  }, async () => {
    const page = await as('bea');
    try {
      await openThreadWithWorker(page);
      // The phone never kept this discussion (storage cleared, or a copy that could not be saved):
      // the refresh after the queued edit finds nothing to read offline.
      const removed = await page.evaluate(
        (prefix) =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('teachers-in-london-talk');
            open.onerror = () => reject(new Error(String(open.error)));
            open.onsuccess = () => {
              const store = open.result.transaction('responses', 'readwrite').objectStore('responses');
              const keys = store.getAllKeys();
              keys.onsuccess = () => {
                const mine = (keys.result as string[]).filter((k) => k.startsWith(prefix));
                for (const k of mine) store.delete(k);
                store.transaction.oncomplete = () => resolve(mine.length);
              };
            };
          }),
        `/api/forum/threads/${threadId}`,
      );
      expect(removed).toBeGreaterThan(0);
      const words = `No copy on the phone (${attemptTag()}): still on the screen.`;
      await env.browser.setOffline(true);
      try {
        const form = await typeEdit(page, words);
        const refreshFailed = page.waitForEvent('requestfailed', {
          predicate: (r) => r.method() === 'GET' && new URL(r.url()).pathname === `/api/forum/threads/${threadId}`,
          timeout: 20_000,
        });
        await form.getByRole('button', { name: 'Save changes' }).click();
        await expect.poll(() => reply(page, posts.toEdit).innerText()).toContain('Edit waiting to be sent');
        // The refresh after the queued edit went out offline and failed, and the page has drawn
        // what followed (two frames): still the discussion, not an error in its place.
        await refreshFailed;
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        expect(await reply(page, posts.toEdit).innerText()).toContain('Edit waiting to be sent');
        await expect.poll(() => page.getByTestId('reply').count()).toBeGreaterThan(1);
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Whole-class feedback: what works?');
      } finally {
        await env.browser.setOffline(false);
      }
      await expect.poll(() => writtenOf(posts.toEdit), { timeout: 30_000 }).toBe(words);
      await expect.poll(() => reply(page, posts.toEdit).innerText(), { timeout: 15_000 }).not.toContain('Edit waiting to be sent');
    } finally {
      await page.close();
    }
  });

  it('an approved thread its author rewrites stays as approved for every reader until a moderator approves the edit', {
    timeout: 120_000,
  }, async () => {
    const categories = (await (await fetch(`${env.server.url}/api/forum/categories`)).json()) as { id: number }[];
    const tag = attemptTag();
    const question = { title: `Cover lessons in year 9 (${tag})`, content: 'How do you plan **cover lessons** for a class you never met?' };
    const { id } = await api('bea', 'POST', '/api/forum/threads', { ...question, categoryId: categories[0].id });
    await api('admin', 'POST', `/api/moderation/threads/${id}/approve`);
    const spam = { title: `BUY CHEAP ESSAYS ${tag}`, content: 'BUY CHEAP ESSAYS at essays-for-less.example, **50% off** today only' };

    // Bea rewrites it: she reads her own version, marked as waiting for a moderator.
    const page = await as('bea');
    await page.goto(`${env.server.url}/forum/threads/${id}`);
    const opening = page.getByTestId('opening-post');
    await expect.poll(() => opening.getByRole('button', { name: 'Edit' }).isVisible()).toBe(true);
    await opening.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByTestId('edit-form-thread');
    await form.getByLabel('Title', { exact: true }).fill(spam.title);
    await form.getByLabel('Content', { exact: true }).fill(spam.content);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => opening.getByTestId('edit-pending').innerText()).toContain('Edit waiting for a moderator');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(spam.title);
    expect(await opening.locator('strong').allInnerTexts()).toContain('50% off');
    await settle(page);
    await screenshot(page, 'forum-voice-edit-waiting-phone');
    await page.close();

    // Everyone else: the server-rendered page, the app's page and the forum list keep the approved text.
    const html = await (await fetch(`${env.server.url}/forum/threads/${id}`)).text();
    expect(html).toContain(question.title);
    expect(html).not.toContain('ESSAYS');
    await env.browser.clearCookies();
    const visitor = await env.browser.newPage();
    await visitor.setViewportSize(PHONE);
    await visitor.goto(`${env.server.url}/forum/threads/${id}`);
    await expect.poll(() => visitor.getByRole('heading', { level: 1 }).innerText()).toBe(question.title);
    expect(await visitor.getByTestId('opening-post').innerText()).not.toContain('ESSAYS');
    await visitor.goto(`${env.server.url}/forum`);
    await expect.poll(() => visitor.getByText(question.title).count()).toBe(1);
    expect(await visitor.locator('main').innerText()).not.toContain('ESSAYS');

    // A moderator sees both versions side by side and approves: now everyone reads the edit.
    const admin = await as('admin');
    await admin.goto(`${env.server.url}/moderation?queue=edits`);
    const card = admin.getByTestId(`edit-thread-${id}`);
    await expect.poll(() => card.getByTestId('edit-published').innerText()).toContain(question.title);
    expect(await card.getByTestId('edit-proposed').innerText()).toContain(spam.title);
    expect(await card.innerText()).not.toContain('Bea');
    await card.getByRole('button', { name: 'Approve edit' }).click();
    await expect.poll(() => card.count()).toBe(0);
    await admin.close();
    await visitor.goto(`${env.server.url}/forum/threads/${id}`);
    await expect.poll(() => visitor.getByRole('heading', { level: 1 }).innerText()).toBe(spam.title);
    await visitor.close();
  });
});
