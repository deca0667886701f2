// Shared bits of the screen tests: one server + browser per file (screenTestEnv), a phone page in it
// or a phone of its own, the server's database at hand, API answers to compare against, a
// signed-in user simulated at the network edge.
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { hc, type InferResponseType } from 'hono/client';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { ApiType } from '../api/app';
import type { DB } from '../db/client';
import { registerSearchFunctions } from '../db/search-index';
import {
  type BrowserOptions,
  launchBrowser,
  PHONE,
  signInLocally,
  startServerAndBrowser,
  stopServerAndBrowser,
  type RunningServer,
} from './harness';

type Client = ReturnType<typeof hc<ApiType>>;
/** A row of each public list, as the routes declare it. */
export type JobRow = InferResponseType<Client['jobs']['$get'], 200>[number];
export type SchoolRow = InferResponseType<Client['schools']['$get'], 200>[number];
export type ThreadRow = InferResponseType<Client['forum']['threads']['$get'], 200>[number];

export interface Env {
  server: RunningServer;
  browser: BrowserContext;
  api: <T = any>(path: string) => Promise<T>;
  apiWithHeaders: (path: string) => Promise<{ body: any; headers: Headers }>;
  /** The API's typed client against this server (with ok() from test/typed: answers typed by the routes). */
  client: Client;
}

/** `server`: a new server's settings, or what gives the file its server (readOnlyServer: the worker's shared one). */
export async function setup(
  serverChoice: Record<string, string> | (() => Promise<RunningServer>) = {},
  browserOptions: BrowserOptions = {},
): Promise<Env> {
  const { server, browser } = await startServerAndBrowser(serverChoice, browserOptions);
  const api = async (path: string) => (await fetch(server.url + path)).json();
  const apiWithHeaders = async (path: string) => {
    const res = await fetch(server.url + path);
    return { body: await res.json(), headers: res.headers };
  };
  return { server, browser, api, apiWithHeaders, client: hc<ApiType>(server.url + '/api') };
}

export async function teardown(env: Env | undefined) {
  await stopServerAndBrowser(env?.server, env?.browser);
}

/**
 * This file's server and browser: started in its beforeAll (then `ready`, e.g. rows the file's
 * tests read), stopped in its afterAll. The Env returned is filled in once beforeAll has run.
 */
export function screenTestEnv(
  options: {
    serverEnv?: Record<string, string> | (() => Promise<RunningServer>);
    browser?: BrowserOptions;
    ready?: (env: Env) => unknown;
  } = {},
): Env {
  const env = {} as Env;
  beforeAll(async () => {
    Object.assign(env, await setup(options.serverEnv, options.browser));
    await options.ready?.(env);
  }, 120_000);
  afterAll(() => teardown(env));
  return env;
}

/** A person of a file: her session is written into the server's database (test/app's signIn). */
export interface Person {
  id: string;
  email: string;
  firstName: string;
  lastName?: string;
}

/** A file's Env with its people signed in: see peopleTestEnv. */
export interface PeopleEnv<K extends string> extends Env {
  /** The server's database, open while the file runs. */
  db: DB;
  /** Each person's session cookie ('tilt_session=…'), for a request as her. */
  cookies: Record<K, string>;
  /** This one phone (the file's browser) at 390x844, signed in as `who` or a visitor (no session). */
  as: (who: K | 'visitor', timeout?: number) => Promise<Page>;
}

/**
 * screenTestEnv with people: once the server has started, each of `people` has a session of her own
 * (then `ready` runs); `as(who)` clears the browser's cookies and opens a page with hers.
 */
export function peopleTestEnv<K extends string>(
  people: Record<K, Person>,
  options: { serverEnv?: Record<string, string>; browser?: BrowserOptions; ready?: (env: PeopleEnv<K>) => unknown } = {},
): PeopleEnv<K> {
  const cookies = {} as Record<K, string>;
  const env = screenTestEnv({
    serverEnv: options.serverEnv,
    browser: options.browser,
    ready: async (started) => {
      // Loaded here, not at the top: test/app brings the whole API, which the other files never need.
      const [{ openDatabase }, { signIn }] = await Promise.all([import('../db/client'), import('../test/app')]);
      const ready = Object.assign(started, { db: openDatabase(started.server.databasePath) }) as PeopleEnv<K>;
      for (const who of Object.keys(people) as K[]) cookies[who] = signIn(ready.db, people[who]);
      await options.ready?.(ready);
    },
  }) as PeopleEnv<K>;
  afterAll(() => env.db?.$client.close());
  env.cookies = cookies;
  env.as = async (who, timeout) => {
    await env.browser.clearCookies();
    if (who !== 'visitor') await env.browser.addCookies([{ name: 'tilt_session', value: cookies[who].split('=')[1], url: env.server.url }]);
    return phonePage(env.browser, timeout);
  };
  return env;
}

/** A new page at 390x844 in `browser` (the file's: its cookies and storage); an action fails after `timeout` ms. */
export async function phonePage(browser: BrowserContext, timeout?: number): Promise<Page> {
  const page = await browser.newPage();
  if (timeout) page.setDefaultTimeout(timeout);
  await page.setViewportSize(PHONE);
  return page;
}

/** A phone of its own (its own storage and cookies: a first visit) at 390x844; the caller closes `context`. */
export async function freshPhone(timeout?: number, options?: BrowserOptions): Promise<{ context: BrowserContext; page: Page }> {
  const context = await launchBrowser(options);
  return { context, page: await phonePage(context, timeout) };
}

/**
 * `sql(fn)`: `fn` on the database of the server `server()` gives when called, closed after. `search`:
 * with the search functions the jobs' FTS triggers call (a write to jobs needs them).
 */
export function databaseOf(server: () => RunningServer, { search = false } = {}) {
  return <T>(fn: (db: Database.Database) => T): T => {
    const db = new Database(server().databasePath);
    if (search) registerSearchFunctions(db);
    try {
      return fn(db);
    } finally {
      db.close();
    }
  };
}

/**
 * Makes the user signed in as `email` an admin of the school: approved by an administrator
 * (`admin`), or verified at that work address (`email`, the address kept for re-confirmation).
 */
export function makeStaff(db: Database.Database, email: string, schoolId: number, method: 'admin' | 'email' = 'admin') {
  const user = db.prepare('select id from users where email = ?').get(email) as { id: string };
  db.prepare(
    "insert or ignore into school_members (user_id, school_id, role, method, email, verified_at, confirmed_at) values (?, ?, 'admin', ?, ?, ?, ?)",
  ).run(user.id, schoolId, method, method === 'email' ? email : null, Date.now(), Date.now());
}

export const TEST_USER = {
  id: 'demo:99',
  email: 'pat@demo.invalid',
  firstName: 'Pat',
  lastName: 'Teacher',
  profileImageUrl: null,
  isAdmin: false,
};

/** Signs in through the local OpenID provider the server starts in tests; lands on returnTo. */
export async function realSignIn(page: Page, env: Env, email: string, name: string, returnTo: string) {
  await signInLocally(page, env.server.url, { email, name }, returnTo);
}

/** Answers /api/auth/user with a user, as the sign-in branch will. */
export async function signInAs(page: Page, user = TEST_USER) {
  await page.route('**/api/auth/user', (route) => route.fulfill({ json: user }));
}

export const toastTitle = (page: Page) => page.getByTestId('toast-title');
export const toastText = (page: Page) => page.getByTestId('toast-description');

/**
 * A visitor's Sign In Required sends her to the login address 1.5 s after the tap. From now on that
 * address is answered 204, so the browser stays on the page and its toast can be read however slow
 * the box; `login()` gives the first such request (its URL, and when it left), or fails after `ms`.
 */
export async function holdSignIn(page: Page) {
  let seen: (request: { url: URL; at: number }) => void = () => {};
  const first = new Promise<{ url: URL; at: number }>((resolve) => (seen = resolve));
  await page.route(/\/api\/login\?/, (route) => {
    seen({ url: new URL(route.request().url()), at: Date.now() });
    return route.fulfill({ status: 204, body: '' });
  });
  const login = (ms = 20_000) =>
    Promise.race([
      first,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`No sign-in redirect within ${ms / 1000} s`)), ms).unref()),
    ]);
  return { login };
}

export { seriousViolations } from './axe';

/** The salary form's five fields, as a teacher picks and types them. */
export interface SalaryFormValues {
  jobTitle: string;
  schoolType: string;
  borough: string;
  yearsExperience: string;
  /** As typed: '43,210', '£52,345' and 'lots' are all things people type. */
  annualSalary: string;
}

/** A salary that is sent while offline in the phone and signed-in tests (queued, then sent). */
export const OFFLINE_SALARY: SalaryFormValues = {
  jobTitle: 'Supply Teacher',
  schoolType: 'Academy',
  borough: 'Brent',
  yearsExperience: '0-2 years',
  annualSalary: '31000',
};

/** Fills the salary form (Salaries → Contribute Data) without submitting it. */
export async function fillSalaryForm(page: Page, values: SalaryFormValues) {
  await page.getByLabel('Job title').selectOption(values.jobTitle);
  await page.getByLabel('School type').selectOption(values.schoolType);
  await page.getByLabel('Borough').selectOption(values.borough);
  await page.getByLabel('Years of experience').selectOption(values.yearsExperience);
  await page.getByLabel('Annual salary (£)').fill(values.annualSalary);
}

/**
 * A short tag for one attempt of a test (vitest retries a failed browser test on what its first
 * attempt left: rows, sessions, mail). Put in the names, titles and texts an attempt writes, it
 * lets the attempt find its own rows and never one its failed first attempt wrote.
 */
export const attemptTag = () => randomBytes(3).toString('hex');

/** What the phone's outbox holds (state, attempts, when due): printed when a test's queue never empties. */
export const outboxItems = (page: Page) =>
  page
    .evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          const open = indexedDB.open('teachers-in-london-talk');
          open.onsuccess = () => {
            const all = open.result.transaction('outbox').objectStore('outbox').getAll();
            all.onsuccess = () =>
              resolve(
                (all.result as { state: string; attempts: number; nextAttemptAt: number; error?: string }[]).map((i) => ({
                  state: i.state,
                  attempts: i.attempts,
                  dueIn: i.nextAttemptAt - Date.now(),
                  error: i.error,
                })),
              );
          };
          open.onerror = () => resolve('unreadable');
        }),
    )
    .catch((error: unknown) => String(error));

/** The submissions in this device's outbox (IndexedDB, every account's), read from the page. */
export const outboxSize = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('teachers-in-london-talk');
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains('outbox')) {
            open.result.close();
            return resolve(0);
          }
          const req = open.result.transaction('outbox').objectStore('outbox').count();
          req.onsuccess = () => {
            open.result.close();
            resolve(req.result);
          };
          req.onerror = () => reject(req.error ?? new Error('outbox count failed'));
        };
        open.onerror = () => reject(open.error ?? new Error('IndexedDB open failed'));
      }),
  );
