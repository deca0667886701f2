// Schools list paging (spec §4, §9): show 50, +50 per Load More, reset to 50 on Clear Filters.
// The request asks 200 rows at a time (the spec's limit) and grows in steps of 200 when the
// visitor has paged past what is loaded; the true total comes from X-Total-Count.
export const PAGE_SIZE = 50;
export const REQUEST_STEP = 200;

export function requestLimit(shown: number) {
  return Math.max(REQUEST_STEP, Math.ceil(shown / REQUEST_STEP) * REQUEST_STEP);
}

export function pageInfo(shown: number, loaded: number, total: number) {
  const visible = Math.min(shown, loaded, total);
  return { visible, remaining: Math.max(0, total - visible), text: `Showing ${visible.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} schools` };
}
