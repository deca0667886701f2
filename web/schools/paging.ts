// Schools list paging (product §4, §9): show 50, +50 per Load More (the next keyset page of 50,
// the paged lists' cursor), back to the first 50 when the filters change or are cleared; the true total
// comes from X-Total-Count.
export function pageInfo(shown: number, total: number) {
  const visible = Math.min(shown, total);
  return {
    visible,
    remaining: Math.max(0, total - visible),
    text: `Showing ${visible.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} schools`,
  };
}
