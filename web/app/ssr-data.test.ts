import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { type Middleware, unstable_serialize } from 'swr';
import { unstable_serialize as infiniteSerialize } from 'swr/infinite';
import { describe, expect, it } from 'vitest';
import { hydrateFrom, keyId } from './ssr-data';

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

// A screen reads `isLoading ? skeleton : list`. SWR says isLoading while it asks again for a key
// whose only data is the server's fallback (going back online): the list must stay on screen
// (e2e/kept-on-failure.test.ts drives it in a browser).
describe('hydrateFrom', () => {
  function through(state: { isLoading: boolean; data?: unknown }) {
    const reads: string[] = [];
    // SWR's answer reports each field a screen reads (its getters); so must the wrapper.
    const answer = {
      get isLoading() {
        reads.push('isLoading');
        return state.isLoading;
      },
      get data() {
        reads.push('data');
        return state.data;
      },
      mutate: () => Promise.resolve(undefined),
    };
    let seen: { isLoading: boolean; data?: unknown } | undefined;
    const useNext = (() => answer) as unknown as Parameters<Middleware>[0];
    function Screen() {
      const swr = hydrateFrom(new Set(), new Set())(useNext)('jobs', null, {} as never) as unknown as typeof answer;
      seen = { isLoading: swr.isLoading, data: swr.data };
      return null;
    }
    renderToString(createElement(Screen));
    return { seen: seen!, reads };
  }

  it('says loading only when there is nothing to show', () => {
    expect(through({ isLoading: true, data: ['Teacher of Maths'] }).seen).toEqual({ isLoading: false, data: ['Teacher of Maths'] });
    expect(through({ isLoading: true }).seen).toEqual({ isLoading: true, data: undefined });
    expect(through({ isLoading: false, data: [] }).seen).toEqual({ isLoading: false, data: [] });
  });

  it("reads SWR's own fields through, so SWR still tracks what a screen uses", () => {
    expect(through({ isLoading: false, data: ['x'] }).reads).toEqual(['isLoading', 'data']);
  });
});
