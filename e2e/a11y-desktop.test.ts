// axe on every screen at desktop size: no serious or critical violations; the school tabs, the
// salary form with errors, London allowances and the compare picker are checked too.
import { describe, expect, it } from 'vitest';
import { DESKTOP } from './harness';
import { everyScreen, useEnv } from './a11y.helpers';

const ctx = useEnv();

describe('accessibility (axe, desktop)', () => {
  it('has no serious or critical violations on any screen', async () => {
    const found = await everyScreen(ctx.env, DESKTOP);
    expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length))).toEqual({});
  }, 120_000);
});
