// Which GET answers the offline layer keeps on the device.
import { describe, expect, it } from 'vitest';
import { cacheKey, isCacheable } from './cache-fetch';

describe('isCacheable', () => {
  it('keeps public lists and pages, never health, moderation or a Near me answer (its key holds the location)', () => {
    expect(isCacheable(cacheKey('/api/jobs?search=maths'))).toBe(true);
    expect(isCacheable(cacheKey('/api/schools?limit=200'))).toBe(true);
    expect(isCacheable(cacheKey('/api/health'))).toBe(false);
    expect(isCacheable(cacheKey('/api/moderation/queue'))).toBe(false);
    expect(isCacheable(cacheKey('/api/jobs?near=51.515,-0.132&within=2'))).toBe(false);
    expect(isCacheable(cacheKey('/api/schools?within=2&near=51.515,-0.132&limit=200'))).toBe(false);
    expect(isCacheable(cacheKey('/api/schools?borough=Camden&near=51.5,-0.1'))).toBe(false);
  });
});
