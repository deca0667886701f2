// axe on every screen at phone size: no serious or critical violations; the school tabs, the
// salary form with errors, London allowances and the compare picker are checked too.
import { describe, expect, it } from 'vitest';
import { PHONE } from './harness';
import { everyScreen, useEnv } from './a11y.helpers';

const ctx = useEnv();

describe('accessibility (axe, phone)', () => {
  it('has no serious or critical violations on any screen', async () => {
    const found = await everyScreen(ctx.env, PHONE);
    expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length))).toEqual({});
  }, 120_000);
});
