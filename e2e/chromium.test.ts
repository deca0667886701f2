// The harness's Chromium: what it is started with still holds what Playwright asks for, and a new
// page comes without the browser's own omnibox popup pages (docs/decisions/1541-chromium-without-omnibox-popup.md), and
// it is the Chromium the harness names: Debian's headless shell where installed (decision 1543).
import { readdirSync, readFileSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, TEST_CHROMIUM, UNSHOWN_UI_FEATURES } from './harness';

/** The command lines of the Chromium browser processes this worker started (not their helpers). */
function chromiumsOfThisProcess(): string[][] {
  const lines: string[][] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== process.pid) continue;
      const raw = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      // Chromium rewrites its own command line as one string.
      const args = raw.length === 1 ? raw[0].split(' ') : raw;
      if (/chrom/.test(args[0]) && !args.some((a) => a.startsWith('--type='))) lines.push(args);
    } catch {
      // the process ended while being read
    }
  }
  return lines;
}

/** What Chromium does with `--disable-features`: only the last one counts. */
function disabled(args: string[]): { first: string[]; last: string[] } {
  const lists = args.filter((a) => a.startsWith('--disable-features=')).map((a) => a.slice('--disable-features='.length).split(','));
  return { first: lists[0] ?? [], last: lists.at(-1) ?? [] };
}

describe("the harness's Chromium", () => {
  let browser: BrowserContext;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("keeps every feature Playwright disables and disables the omnibox popup's pages", () => {
    const launched = chromiumsOfThisProcess();
    expect(launched.length).toBeGreaterThan(0);
    for (const args of launched) {
      const { first, last } = disabled(args);
      // Playwright's own list comes first: a feature it adds in an update must be in ours too.
      expect(first.length).toBeGreaterThan(5);
      for (const feature of first)
        expect(last, `Playwright disables ${feature}: add it to PLAYWRIGHT_DISABLED_FEATURES in e2e/harness.ts`).toContain(feature);
      // And the omnibox popup's, which is why the list is repeated at all.
      for (const feature of UNSHOWN_UI_FEATURES) expect(last).toContain(feature);
    }
  });

  it('drives the browser the harness names (the headless shell where it is installed)', () => {
    const launched = chromiumsOfThisProcess();
    expect(launched.length).toBeGreaterThan(0);
    expect(launched.map((args) => args[0])).toEqual(launched.map(() => TEST_CHROMIUM));
  });

  it('opens a page without browser UI pages beside it', async () => {
    const page = await browser.newPage();
    await page.setContent('<h1>Teachers In London Talk</h1>');
    const cdp = await browser.browser()!.newBrowserCDPSession();
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] };
    await cdp.detach();
    // With Chromium's defaults two `browser_ui` targets (chrome://omnibox-popup.top-chrome/…) come
    // with every window, in a renderer of their own, before newPage resolves.
    expect(targetInfos.filter((t) => t.url.startsWith('chrome://')).map((t) => t.url)).toEqual([]);
    expect(targetInfos.filter((t) => t.type === 'page').length).toBeGreaterThan(0);
  });
});
