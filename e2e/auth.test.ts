// Sign-in in Chromium through the local OpenID provider the server starts when no provider is
// configured: sign in, avatar menu, dashboard Profile tab, sign out, and /dashboard for a visitor.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, type RunningServer, screenshot, startServerAndBrowser, stopServerAndBrowser } from './harness';

let server: RunningServer;
let browser: BrowserContext;

beforeAll(async () => ({ server, browser } = await startServerAndBrowser()));
afterAll(() => stopServerAndBrowser(server, browser));
// Each test (and each attempt of one: a failed test is run again) starts as a visitor: a test
// that failed while signed in leaves its session cookie in this shared context.
beforeEach(() => browser.clearCookies());

// The harness chooses the local provider's port (DEV_OIDC_PORT): its issuer is known, not read from the log.
const providerIssuer = () => `http://localhost:${server.devOidcPort}`;

async function fillProviderForm(page: Page, email: string, name: string) {
  await page.waitForURL((url) => url.href.startsWith(providerIssuer()) && url.pathname.startsWith('/interaction/'));
  await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Local sign-in');
  expect(await page.locator('form input[name="email"]').count()).toBe(1);
  expect(await page.locator('form input[name="name"]').count()).toBe(1);
  expect(await page.locator('form button').count()).toBe(1);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="name"]').fill(name);
  await screenshot(page, 'auth-local-provider-form');
  await page.locator('form button[type="submit"]').click();
}

/** 'visitor' when /api/auth/user answers 200 null, 'user' when it answers a user. */
const userStatus = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/auth/user');
    return res.status === 200 ? ((await res.json()) === null ? 'visitor' : 'user') : res.status;
  });

describe('sign-in through the local OpenID provider', () => {
  it('signs in, shows the avatar menu and the profile, signs out, and is a visitor again', async () => {
    const discovery = (await (await fetch(`http://127.0.0.1:${server.devOidcPort}/.well-known/openid-configuration`)).json()) as {
      issuer: string;
    };
    expect(discovery.issuer).toBe(providerIssuer());
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await page.setViewportSize(DESKTOP);
    await page.goto(server.url + '/');
    const signIn = page.getByRole('link', { name: 'Sign In', exact: true });
    await expect.poll(() => signIn.isVisible()).toBe(true);
    expect(await userStatus(page)).toBe('visitor');

    await signIn.click();
    await fillProviderForm(page, 'ada.lovelace@school.example', 'Ada Lovelace');
    await page.waitForURL(server.url + '/');

    const avatar = page.getByRole('button', { name: 'Account menu for Ada' });
    await expect.poll(() => avatar.isVisible()).toBe(true);
    expect(await avatar.innerText()).toBe('A');
    await avatar.click();
    const menu = page.locator('.dropdown-content');
    await expect.poll(() => menu.innerText()).toContain('Ada Lovelace');
    expect(await menu.innerText()).toContain('ada.lovelace@school.example');
    expect(await page.getByRole('link', { name: 'Sign In', exact: true }).count()).toBe(0);
    await screenshot(page, 'auth-avatar-menu-desktop');

    await menu.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(server.url + '/dashboard');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Welcome back, Ada!');
    const tabs = page.getByRole('tab');
    expect(await tabs.allInnerTexts()).toEqual(['Saved Jobs', 'Alerts', 'Activity', 'Profile']);
    await page.getByRole('tab', { name: 'Profile' }).click();
    await expect.poll(() => page.getByLabel('First Name').inputValue()).toBe('Ada');
    expect(await page.getByLabel('Last Name').inputValue()).toBe('Lovelace');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('ada.lovelace@school.example');
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('readonly')).not.toBeNull();
    expect(new URL(page.url()).search).toBe('?tab=profile');
    await screenshot(page, 'auth-dashboard-profile-desktop');

    const me = await page.evaluate(async () => (await fetch('/api/auth/user')).json());
    expect(me).toEqual({
      id: 'dev:ada.lovelace@school.example',
      email: 'ada.lovelace@school.example',
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: null,
      isAdmin: false,
      isModerator: false,
    });

    const logoutRequests: string[] = [];
    page.on('request', (r) => new URL(r.url()).pathname === '/api/logout' && logoutRequests.push(r.method()));
    await page.getByRole('tabpanel').getByRole('button', { name: 'Sign Out', exact: true }).click();
    await page.waitForURL(server.url + '/');
    // Signed out by a POST (a GET no longer signs anyone out).
    await expect.poll(() => logoutRequests).toEqual(['POST']);
    await expect.poll(() => page.getByRole('link', { name: 'Sign In', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /Account menu/ }).count()).toBe(0);
    expect(await userStatus(page)).toBe('visitor');
    expect((await browser.cookies(server.url)).find((c) => c.name === 'tilt_session')).toBeUndefined();
    await page.close();
  });

  it('GET /api/logout signs nobody out: it shows a page whose button posts, then goes home signed out', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await page.setViewportSize(DESKTOP);
    await page.goto(server.url + '/api/login');
    await fillProviderForm(page, 'lin@school.example', 'Lin Logout');
    await page.waitForURL(server.url + '/');
    expect(await userStatus(page)).toBe('user');
    await page.goto(server.url + '/api/logout');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Sign out');
    expect(await userStatus(page)).toBe('user');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(server.url + '/');
    await expect.poll(() => page.getByRole('link', { name: 'Sign In', exact: true }).isVisible()).toBe(true);
    expect(await userStatus(page)).toBe('visitor');
    await page.close();
  });

  it('sends a visitor who opens /dashboard to the sign-in page and back to /dashboard', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await page.setViewportSize(PHONE);
    const visited: string[] = [];
    page.on('request', (r) => r.isNavigationRequest() && visited.push(r.url()));
    await page.goto(server.url + '/dashboard');
    await fillProviderForm(page, 'grace@school.example', 'Grace Hopper');
    await page.waitForURL(server.url + '/dashboard');
    expect(visited).toContain(`${server.url}/api/login?returnTo=%2Fdashboard`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Welcome back, Grace!');
    expect(await userStatus(page)).toBe('user');
    // The phone header shows the avatar, and the mobile menu has the Dashboard link.
    await expect.poll(() => page.getByRole('button', { name: 'Account menu for Grace' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Dashboard' }).isVisible())
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'auth-dashboard-phone');
    await page.close();
  });
});
