// Schools list paging (product §4, §9): show 50, +50 per Load More, reset to 50 on Clear Filters.
// The request asks 200 rows at a time (the product's limit) and grows in steps of 200 when the
// visitor has paged past what is loaded; the true total comes from X-Total-Count.
import { SCHOOLS_LIST_LIMIT, SCHOOLS_PAGE_SIZE } from '../../db/constants';

export const PAGE_SIZE = SCHOOLS_PAGE_SIZE;
export const REQUEST_STEP = SCHOOLS_LIST_LIMIT;

export function requestLimit(shown: number) {
  return Math.max(REQUEST_STEP, Math.ceil(shown / REQUEST_STEP) * REQUEST_STEP);
}

export function pageInfo(shown: number, loaded: number, total: number) {
  const visible = Math.min(shown, loaded, total);
  return { visible, remaining: Math.max(0, total - visible), text: `Showing ${visible.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} schools` };
}
