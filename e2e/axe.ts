// axe-core in the page under test: its serious and critical violations, as short strings.
//
// axe's source (580 kB) is sent to a document at most once. Sending it is the expensive part:
// on the shared 2-core box under load, one page.evaluate of the source took 1-5 s while the
// page spent 10-70 ms evaluating it, and @axe-core/playwright's AxeBuilder sent it twice per
// analysis (four times, plus a blank page to merge the results, outside its legacy mode). Here a
// document that has axe already (from an earlier analysis, or from withAxe's init script) runs it
// at once. axe runs in the page itself, as AxeBuilder's legacy mode did (the app has no frames),
// and only violations are collected (no selectors built for the thousands of passing nodes).
import axe from 'axe-core';
import type { Page } from 'playwright-core';

type InPage = typeof window & { axe?: typeof axe };

/** Every document this page loads from now on carries axe from its start (the source is sent once, now). */
export async function withAxe(page: Page) {
  await page.addInitScript(axe.source);
}

/**
 * The rules whose answer depends on colours alone. A page in another colour scheme has the same
 * markup, names, roles and layout: only these can find something new there (the phone sweep runs
 * only them in the dark theme, after every rule in the light one).
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe's serious and critical violations on the page as it is now, as `rule (impact): targets`:
 * every rule, or only `rules`.
 */
export async function seriousViolations(page: Page, rules?: readonly string[]): Promise<string[]> {
  if (!(await page.evaluate(() => !!(window as InPage).axe))) await page.evaluate(axe.source);
  const result = await page.evaluate(
    (only) =>
      (window as InPage).axe!.run(document, {
        resultTypes: ['violations'],
        ...(only && { runOnly: { type: 'rule' as const, values: only } }),
      }),
    rules && [...rules],
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}
