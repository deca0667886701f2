import { unstable_serialize } from 'swr';
import { unstable_serialize as infiniteSerialize } from 'swr/infinite';
import { describe, expect, it } from 'vitest';
import { keyId } from './ssr-data';

// keyId builds a paged list's key itself (swr/infinite's helper would bring useSWRInfinite into
// the entry chunk): it must be exactly the key useSWRInfinite stores the list under.
describe('keyId', () => {
  it("keys a paged list as swr/infinite does, and a plain key as SWR's serialize", () => {
    const pageKey = (index: number, previous: { next?: string } | null) =>
      index === 0 ? ['jobs/pages', '{"borough":"Camden"}', ''] : previous?.next ? ['jobs/pages', '{}', previous.next] : null;
    expect(keyId(pageKey)).toBe(infiniteSerialize(pageKey));
    expect(keyId(pageKey)).toMatch(/^\$inf\$.*jobs\/pages.*Camden/);
    expect(keyId(['jobs', { borough: 'Camden' }])).toBe(unstable_serialize(['jobs', { borough: 'Camden' }]));
    expect(keyId('auth/user')).toBe('auth/user');
  });
});
