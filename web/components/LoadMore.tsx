import type { ReactNode } from 'react';

/** A paged list as LoadMore reads it (useJobPages, useSchoolPages, ...): whether there is more, and how to ask for it. */
export interface Pages {
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => unknown;
}

/**
 * A paged list's "Load more" button (a hundred times the data), shown while there is a next page:
 * "Loading…" while it comes, or, with `spinner`, the label stays beside a spinner.
 */
export function LoadMore({
  pages,
  label,
  button = 'btn btn-outline',
  gap = 'mt-4',
  spinner = false,
}: {
  pages: Pages;
  label: ReactNode;
  /** The button's classes. */
  button?: string;
  /** The space above it. */
  gap?: 'mt-4' | 'mt-6';
  spinner?: boolean;
}) {
  if (!pages.hasMore) return null;
  return (
    <div className={`${gap} flex justify-center`}>
      <button type="button" className={button} onClick={() => void pages.loadMore()} disabled={pages.loadingMore}>
        {spinner && pages.loadingMore && <span className="loading loading-spinner loading-sm" />}
        {pages.loadingMore && !spinner ? 'Loading…' : label}
      </button>
    </div>
  );
}
