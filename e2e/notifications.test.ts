// Hearing back in the browser at 390x844 (decision 2010): Alice starts a thread and watches it;
// an admin approves it in /moderation and Alice's bell says 1; Bea replies, the admin approves the
// reply, Alice's bell says 1 again; the notifications screen names Bea (first name only) and links
// to the thread; opening it marks it read and the bell says 0. The screen then reads offline from
// her own saved copy.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, screenshot, waitForServiceWorker } from './harness';
import { attemptTag, peopleTestEnv, seriousViolations } from './screens.helpers';

const env = peopleTestEnv(
  {
    alice: { id: 'e2e:alice', email: 'alice.notify@example.test', firstName: 'Alice', lastName: 'Archer' },
    bea: { id: 'e2e:bea', email: 'bea.notify@example.test', firstName: 'Bea', lastName: 'Brightwater' },
    admin: { id: 'e2e:admin', email: 'admin.notify@example.test', firstName: 'Ada' },
  },
  { serverEnv: { ADMIN_EMAILS: 'admin.notify@example.test' }, browser: { serviceWorkers: 'allow' } },
);
const { as, cookies } = env;
const TITLE = 'Behaviour policies that actually work';
/** Her thread's title in this run: TITLE and the tag of the attempt that wrote it. */
let title = TITLE;
let threadId: number;

const bell = (page: Page) => page.getByTestId('notification-bell');
const bellLabel = (page: Page) => bell(page).getAttribute('aria-label');

/**
 * Alice has read all her notifications, as each test expects to find her: a failed first attempt
 * of a test, run again, may have left her an unread one (the bell would say one more).
 */
async function caughtUp() {
  const res = await fetch(`${env.server.url}/api/notifications/read`, {
    method: 'POST',
    headers: { Cookie: cookies.alice, Origin: env.server.url, 'Content-Type': 'application/json' },
    body: JSON.stringify({ all: true }),
  });
  expect(res.status).toBeLessThan(300);
}
const notificationsOfAlice = (where = '') =>
  (env.db.$client.prepare(`select count(*) n from notifications where user_id = 'e2e:alice' ${where}`).get() as { n: number }).n;

async function approve(kind: 'threads' | 'posts', text: string) {
  const page = await as('admin');
  await page.goto(`${env.server.url}/moderation?queue=${kind}`);
  const item = page.getByTestId(`queue-${kind}`).locator('li', { hasText: text });
  await expect.poll(() => item.isVisible()).toBe(true);
  await item.getByRole('button', { name: 'Approve' }).click();
  await expect.poll(() => item.count()).toBe(0);
  await page.close();
}

describe('notifications', () => {
  it('her thread approved: the bell says 1, the screen lists it, mark all read says 0', { timeout: 90_000 }, async () => {
    // A title of this attempt's own: a failed first attempt's thread may still wait in the queue.
    title = `${TITLE} (${attemptTag()})`;
    await caughtUp();
    const page = await as('alice');
    await page.goto(`${env.server.url}/forum`);
    const created = await page.evaluate(async (title) => {
      const categories = (await (await fetch('/api/forum/categories')).json()) as { id: number }[];
      const res = await fetch('/api/forum/threads', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ title, content: 'What has worked in your school this year?', categoryId: categories[0].id }),
      });
      return (await res.json()) as { id: number };
    }, title);
    threadId = created.id;
    await page.goto(`${env.server.url}/forum/threads/${threadId}`);
    // She watches what she starts.
    await expect.poll(() => page.getByTestId('watch-thread').innerText()).toContain('Unwatch');
    await expect.poll(() => bellLabel(page)).toBe('Notifications, 0 unread');
    await page.close();

    await approve('threads', title);

    const again = await as('alice');
    await again.goto(`${env.server.url}/`);
    await expect.poll(() => bellLabel(again)).toBe('Notifications, 1 unread');
    expect(await again.getByTestId('notification-count').innerText()).toBe('1');
    await bell(again).click();
    await again.waitForURL((u) => u.pathname === '/notifications');
    const list = again.getByTestId('notification-list');
    await expect.poll(() => list.innerText()).toContain(`Your thread “${title}” is published`);
    await again.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => bellLabel(again)).toBe('Notifications, 0 unread');
    await expect.poll(() => again.getByTestId('unread-summary').innerText()).toBe('You are all caught up.');
    await again.close();
  });

  it('Bea replies, the admin approves: Alice hears of it by first name, the link opens the thread and reads it', {
    timeout: 90_000,
  }, async () => {
    // Her reply is this attempt's own (a failed first attempt's may wait in the queue or be published).
    const replyText = `Consistent routines and a calm corridor policy (${attemptTag()}).`;
    await caughtUp();
    const replies = notificationsOfAlice("and kind = 'reply'");
    const all = notificationsOfAlice();
    const bea = await as('bea');
    await bea.goto(`${env.server.url}/forum/threads/${threadId}`);
    await bea.getByLabel('Add a reply', { exact: true }).fill(replyText);
    await bea
      .getByRole('button', { name: /Post reply|Reply/ })
      .last()
      .click();
    await expect.poll(() => bea.getByTestId('replies').innerText()).toContain(replyText);
    await bea.close();
    // Waiting for moderation: nothing for Alice yet.
    expect(notificationsOfAlice("and kind = 'reply'")).toBe(replies);

    await approve('posts', replyText);

    const page = await as('alice');
    await page.goto(`${env.server.url}/`);
    await expect.poll(() => bellLabel(page)).toBe('Notifications, 1 unread');
    await screenshot(page, 'notifications-bell-phone');
    await bell(page).click();
    await page.waitForURL((u) => u.pathname === '/notifications');
    const row = page.getByTestId('notification-list').locator('li[data-unread="true"]');
    await expect.poll(() => row.count()).toBe(1);
    const text = await row.innerText();
    expect(text).toContain(`Bea replied in “${title}”`);
    expect(text).not.toContain('Brightwater');
    expect(await page.locator('main').innerText()).not.toMatch(/e2e:bea|bea\.notify@/);
    await screenshot(page, 'notifications-screen-phone');
    expect(await seriousViolations(page)).toEqual([]);

    // The full-page screenshot and axe leave the page scrolled: back to the top, clear of the sticky header.
    await page.evaluate(() => window.scrollTo(0, 0));
    await row.getByRole('link').click();
    await page.waitForURL((u) => u.pathname === `/forum/threads/${threadId}`);
    await expect.poll(() => bellLabel(page)).toBe('Notifications, 0 unread');
    expect(
      (
        env.db.$client.prepare("select count(*) n from notifications where user_id = 'e2e:alice' and read_at is null").get() as {
          n: number;
        }
      ).n,
    ).toBe(0);

    await page.setViewportSize(DESKTOP);
    await page.goto(`${env.server.url}/notifications`);
    await expect.poll(() => page.getByTestId('notification-list').locator('li').count()).toBe(all + 1);
    await screenshot(page, 'notifications-screen-desktop');
    await page.close();
  });

  it('the screen reads offline from the copy on her device', { timeout: 90_000 }, async () => {
    const page = await as('alice');
    await page.goto(`${env.server.url}/notifications`);
    await waitForServiceWorker(page);
    // Hers on the server (two: her thread published, Bea's reply; more after a retried test).
    await expect.poll(() => page.getByTestId('notification-list').locator('li').count()).toBe(notificationsOfAlice());
    await env.browser.setOffline(true);
    try {
      await page.goto(`${env.server.url}/notifications`);
      await expect
        .poll(() => page.getByTestId('notification-list').innerText(), { timeout: 20_000 })
        .toContain(`Bea replied in “${title}”`);
      await expect.poll(() => bellLabel(page)).toBe('Notifications, 0 unread');
    } finally {
      await env.browser.setOffline(false);
    }
    await page.close();
  });
});
