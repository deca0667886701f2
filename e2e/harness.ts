// Browser-test harness: starts the real server (built app + API) on a free port with its own
// temporary database, and Debian's Chromium through playwright-core.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type {} from '../test/global-setup-e2e';

export const ROOT = join(import.meta.dirname, '..');
export const ARTIFACTS = join(ROOT, 'e2e', 'artifacts');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * What the browser tests drive: Debian's chromium-headless-shell (the same Chromium build, Blink
 * without the browser's own UI) when it is installed, else CHROMIUM. On the 2-CPU box the same four
 * test files cost Chromium ~15 % less CPU in it (docs/decisions/1543-browser-tests-in-headless-shell.md).
 * A profile on disk (`persistent`, which asks whether the app can be installed) and Lighthouse
 * (bench/) keep the full browser.
 */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const TEST_CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  port: number;
  /** The local sign-in provider's port (a restart on the same ports keeps sessions' issuer). */
  devOidcPort: number;
  databasePath: string;
  output: () => string;
  stop: () => Promise<void>;
  /** The server process id, and a hard kill (SIGKILL: no shutdown handlers run) that resolves on exit. */
  pid: number;
  kill: () => Promise<void>;
}

/** The folders startServer made for its databases, removed when this process exits (a bench script's; a test run's folder goes with the run, test/run-tmp.ts). */
const madeFolders = new Set<string>();
function newDatabasePath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tilt-e2e-'));
  if (madeFolders.size === 0) process.once('exit', () => madeFolders.forEach((d) => rmSync(d, { recursive: true, force: true })));
  madeFolders.add(dir);
  return join(dir, 'app.db');
}

export async function startServer(
  env: Record<string, string> = {},
  databasePath = newDatabasePath(),
  port?: number,
): Promise<RunningServer> {
  // A free port is only free until someone takes it: with test files running side by side,
  // another server can bind it first. Ports we chose are chosen again then (up to 3 tries).
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(env, databasePath, port);
    } catch (err) {
      const ours = port === undefined && env.DEV_OIDC_PORT === undefined;
      if (!ours || attempt === 3 || !/EADDRINUSE/.test(String(err))) throw err;
    }
  }
}

/**
 * Under vitest, the database a first start would make (built once by test/global-setup-e2e.ts), for
 * the server to open instead of migrating and seeding its own; undefined elsewhere (bench scripts).
 */
async function serverTemplate(env: Record<string, string>): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  try {
    const templates = inject('serverTemplates');
    return env.SEED_DEMO === '0' ? templates.plain : templates.demo;
  } catch {
    return undefined; // a vitest run without the e2e global setup
  }
}

/**
 * How node runs the server: the bundle `npm run build` made (dist/server/server.mjs, decision
 * 0008), as `npm start` runs it, here and in the bench scripts and e2e/shots.ts: never tsx.
 */
function serverCommand(): string[] {
  const bundle = join(ROOT, 'dist', 'server', 'server.mjs');
  if (!existsSync(bundle)) throw new Error('dist/server/server.mjs is missing: run `npm run build` first (npm test does).');
  return [bundle];
}

async function startServerOnce(env: Record<string, string>, databasePath: string, port?: number): Promise<RunningServer> {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does).');
  if (!existsSync(databasePath)) {
    const template = await serverTemplate(env);
    if (template) copyFileSync(template, databasePath);
  }
  port ??= await freePort();
  // The local sign-in provider (no provider configured) listens on its own free port.
  const devOidcPort = env.DEV_OIDC_PORT ?? String(await freePort());
  let log = '';
  const child: ChildProcess = spawn(process.execPath, serverCommand(), {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_REQUESTS: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: databasePath,
      DEV_OIDC_PORT: devOidcPort,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const url = `http://localhost:${port}`;
  // Up to 90 s (inside the 120 s hook limit): on a loaded 2-core box the migrate, seed and first
  // listen of a fresh server took over 30 s while other builds ran beside the suite.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      // Not left running: a server still starting after the deadline would load the box for
      // the rest of the run, with no test left to stop it.
      child.kill('SIGKILL');
      throw new Error(`server did not start within 90 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    devOidcPort: Number(devOidcPort),
    databasePath,
    output: () => log,
    pid: child.pid!,
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}

/**
 * Playwright 1.65's own `--disable-features` list (its chromiumSwitches). Chromium reads only the
 * last `--disable-features` on its command line, so ours repeats Playwright's before adding its
 * own; e2e/chromium.test.ts fails if an update of Playwright disables something this list lacks.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 156 gives every new window (each page of a context) an omnibox popup made of WebUI
 * pages (chrome://omnibox-popup.top-chrome/ and its AI-mode page) in a renderer of their own, which
 * a headless test never shows: a fifth of Chromium's CPU in a run of the browser tests
 * (docs/decisions/1541-chromium-without-omnibox-popup.md).
 */
export const UNSHOWN_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

const CHROMIUM_ARGS = [
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNSHOWN_UI_FEATURES].join(',')}`,
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Under vitest, one Chromium per worker process, shared by the files that worker runs one after
// another (the e2e project does not isolate modules): a file gets a new context of its own, which
// starts in ~0.1 s where a Chromium start took 1-2 s quiet and over 20 s on a loaded box. Playwright
// ends the browser when the worker exits. Elsewhere (scripts, benches) each context has its own.
let workerBrowser: Promise<Browser> | undefined;
function sharedBrowser(): Promise<Browser> {
  if (!workerBrowser) {
    const launching = chromium.launch({ executablePath: TEST_CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    workerBrowser = launching;
    launching.then(
      (b) => b.on('disconnected', () => workerBrowser === launching && (workerBrowser = undefined)),
      () => workerBrowser === launching && (workerBrowser = undefined),
    );
  }
  return workerBrowser;
}

export interface BrowserOptions {
  /**
   * A profile on disk in a Chromium of its own, as a person's browser: a context in a shared
   * Chromium is an incognito one, which Chromium never reports as able to install the app.
   */
  persistent?: boolean;
  /**
   * Blocked unless a test asks for it ('allow': a test of offline reading, the outbox, an update).
   * Its install fetches and compiles the whole precache (130 files): ~0.75 CPU-s of Chromium per
   * fresh profile, and the server's CPU to send them, which a test of a screen does not need; and
   * it answers a navigation with the precached shell when the server takes over 3 s, which a loaded
   * box can. A profile on disk (`persistent`) always has it.
   */
  serviceWorkers?: 'allow' | 'block';
}

/** The browser profiles of this worker's test file still open (for a failed test's screenshots). */
const openContexts = new Set<BrowserContext>();

/**
 * Saves what every page still open shows, as a failed test left it, under e2e/artifacts/failed
 * (e2e/failure-shots.ts calls it after each failed attempt): which wait stopped, and on what screen.
 * Returns one line per page: its address and the file.
 */
export async function capturePages(name: string): Promise<string[]> {
  const dir = join(ARTIFACTS, 'failed');
  mkdirSync(dir, { recursive: true });
  const lines: string[] = [];
  let n = 0;
  for (const context of openContexts) {
    for (const page of context.pages()) {
      const path = join(dir, `${name}-${++n}.png`);
      try {
        await page.screenshot({ path, timeout: 5_000 });
        lines.push(`${page.url()} -> ${path}`);
      } catch (error) {
        lines.push(`${page.url()} (no screenshot: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
      }
    }
  }
  return lines;
}

/** A fresh browser profile (its own cookies, storage and service workers). */
export async function launchBrowser({ persistent = false, serviceWorkers = 'block' }: BrowserOptions = {}): Promise<BrowserContext> {
  const shared = !!process.env.VITEST && !persistent;
  let context: BrowserContext;
  if (persistent) {
    context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'tilt-chromium-')), {
      executablePath: CHROMIUM,
      headless: true,
      viewport: PHONE,
      args: CHROMIUM_ARGS,
    });
  } else {
    const browser = shared
      ? await sharedBrowser()
      : await chromium.launch({ executablePath: TEST_CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    context = await browser.newContext({ viewport: PHONE, serviceWorkers });
    if (!shared) context.on('close', () => void browser.close());
  }
  openContexts.add(context);
  context.on('close', () => openContexts.delete(context));
  // A server-rendered page is on screen before its JavaScript runs (the server-rendered first visit): a test, like a
  // reader, acts on it once it has hydrated (<html data-app="ready">). Pages without the server's
  // data (the offline shell, other origins) are not waited for.
  // An action that cannot happen fails with its locator's name well inside a test's 30 s,
  // instead of the test timing out with no word of where it stood.
  context.setDefaultTimeout(12_000);
  const newPage = context.newPage.bind(context);
  context.newPage = async () => untilHydrated(await newPage());
  return context;
}

/** Resolves once a server-rendered page has hydrated (at once for a page without server data). */
export function waitForHydration(page: Page) {
  return page
    .waitForFunction(() => !document.getElementById('ssr-data') || document.documentElement.dataset.app === 'ready', undefined, {
      timeout: 20_000,
    })
    .then(() => undefined)
    .catch(() => undefined);
}

/**
 * Signs in through the local OpenID provider the server starts when none is configured, then
 * opens `returnTo` on the app, hydrated. The sign-in's requests (the app's start, the provider's
 * form and its answer, the app's callback) go through the page's context's request API, whose
 * cookies are the page's: the same requests and cookies as the form in a page, without rendering
 * the provider's page and two of the app's. e2e/auth.test.ts drives the provider's form itself.
 */
export async function signInLocally(page: Page, appUrl: string, who: { email: string; name: string }, returnTo = '/') {
  const request = page.context().request;
  const app = new URL(appUrl).origin;
  // The app's start (its pending sign-in in a cookie), redirected to the provider's form.
  const formPage = await request.get(`${app}/api/login?returnTo=${encodeURIComponent(returnTo)}`);
  const formUrl = new URL(formPage.url());
  const action = /<form method="post" action="([^"]+)"/.exec(await formPage.text())?.[1];
  if (!formPage.ok() || !formUrl.pathname.startsWith('/interaction/') || !action) {
    throw new Error(`signInLocally: no sign-in form at ${formPage.url()} (${formPage.status()})`);
  }
  // The form's answer, then each redirect (provider, app callback) by hand, up to the app's page.
  let res = await request.post(new URL(action.replaceAll('&amp;', '&'), formUrl).href, {
    form: { email: who.email, name: who.name },
    maxRedirects: 0,
  });
  for (let hops = 0; ; hops++) {
    const location = res.headers().location;
    if (res.status() < 300 || res.status() >= 400 || !location || hops > 10) {
      throw new Error(
        `signInLocally: ${res.url()} answered ${res.status()} ${location ? `to ${location}` : (await res.text()).slice(0, 300)}`,
      );
    }
    const next = new URL(location, res.url());
    if (next.origin === app && !next.pathname.startsWith('/api/')) {
      if (next.pathname + next.search !== returnTo) throw new Error(`signInLocally: sent to ${next.href}, not ${returnTo}`);
      break;
    }
    res = await request.get(next.href, { maxRedirects: 0 });
  }
  await page.goto(`${app}${returnTo}`);
  await waitForHydration(page);
}

/** goto and reload resolve once a server-rendered page has hydrated. */
export function untilHydrated(page: Page): Page {
  const hydrated = () => waitForHydration(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  // Only for the default wait (load): a test asking for 'domcontentloaded' looks at the page before.
  const waits = (options?: { waitUntil?: string }) =>
    !options?.waitUntil || options.waitUntil === 'load' || options.waitUntil === 'networkidle';
  page.goto = async (url, options) => {
    const res = await goto(url, options);
    if (waits(options)) await hydrated();
    return res;
  };
  page.reload = async (options) => {
    const res = await reload(options);
    if (waits(options)) await hydrated();
    return res;
  };
  return page;
}

/**
 * Saves what is on screen (the viewport) under e2e/artifacts (git-ignored), for a person to look
 * at; no test reads these files. Not the full page: on the shared 2-core box a full-page capture of
 * /jobs or /schools at phone size took 4-5 s and its viewport 0.3-0.7 s (load 16), for ~60 shots
 * a run. e2e/shots.ts takes the screens (and one screen further down) to look at a layout.
 */
export async function screenshot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

/** Waits until the service worker is active and controls the page (ready can resolve while still activating). */
export async function waitForServiceWorker(page: Page) {
  // Polled from here: waitForFunction would take an async predicate's pending promise for a truthy answer.
  // Up to 90 s (inside the 120 s hook limit): on a loaded 2-core box the migrate, seed and first
  // listen of a fresh server took over 30 s while other builds ran beside the suite.
  const deadline = Date.now() + 90_000;
  for (;;) {
    const ready = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return reg?.active?.state === 'activated' && !!navigator.serviceWorker.controller;
    });
    if (ready) return;
    if (Date.now() > deadline) throw new Error('The service worker did not take control within 30 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A page that has loaded and painted: no loading skeleton left, two frames drawn, entry animations ended. */
export async function settle(page: Page) {
  // Not 'networkidle': school photos may live on hosts this machine cannot reach.
  await page.waitForFunction(() => !document.querySelector('[role="status"][aria-label^="Loading"], .skeleton'), undefined, {
    timeout: 15_000,
  });
  // Then wait for two animation frames, so what rendered after the data arrived has been painted.
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
  // And for entry animations (compare chips fade in): mid-fade colours are not the real contrast.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout: 10_000 },
  );
}

/**
 * A test file's server and browser, started side by side (neither waits for the other's start).
 * `server`: the new server's settings, or what gives the file its server (e2e/read-only-server.ts).
 */
export async function startServerAndBrowser(
  server: Record<string, string> | (() => Promise<RunningServer>) = {},
  browserOptions: BrowserOptions = {},
): Promise<{ server: RunningServer; browser: BrowserContext }> {
  const starting = typeof server === 'function' ? server() : startServer(server);
  const [started, browser] = await Promise.allSettled([starting, launchBrowser(browserOptions)]);
  if (started.status === 'fulfilled' && browser.status === 'fulfilled') return { server: started.value, browser: browser.value };
  await stopServerAndBrowser(
    started.status === 'fulfilled' ? started.value : undefined,
    browser.status === 'fulfilled' ? browser.value : undefined,
  );
  throw started.status === 'rejected' ? started.reason : (browser as PromiseRejectedResult).reason;
}

/** Closes what startServerAndBrowser started (either may be missing when a start failed). */
export async function stopServerAndBrowser(server: RunningServer | undefined, browser: BrowserContext | undefined) {
  await browser?.close();
  await server?.stop();
}
