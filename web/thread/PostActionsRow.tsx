// The row of buttons under a post on the thread page, the opening post's (./ThreadPage.tsx) and a
// reply's (./Replies.tsx): what the post puts first (a reply's Reply), Quote when she may answer,
// Edit and Delete on her own, then what the post puts last (the thread's Watch and Report).
import type { ReactNode } from 'react';
import type { Target } from './post-meta';
import { quoteOf, type QuoteSource } from './quote';
import { DeleteButton } from './deferred';

export function PostActionsRow({
  className,
  name,
  quote,
  onQuote,
  own,
  target,
  onEdit,
  onDeleted,
  first,
  children,
}: {
  className: string;
  /** The author's name as shown (Quote's label). */
  name: string;
  /** What Quote quotes, or null when she may not answer. */
  quote: QuoteSource | null;
  onQuote: (quote: string) => void;
  /** Her own post: Edit and Delete. */
  own: boolean;
  target: Target;
  onEdit: () => void;
  onDeleted: (result: { queued: boolean; placeholder: boolean }) => void;
  /** Before Quote (a reply's Reply). */
  first?: ReactNode;
  /** After Delete (the thread's Watch and Report). */
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      {first}
      {quote && (
        <button
          type="button"
          className="btn btn-ghost btn-sm min-h-11"
          aria-label={`Quote ${name}`}
          onClick={() => onQuote(quoteOf(quote, location.origin))}
        >
          Quote
        </button>
      )}
      {own && (
        <>
          <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={onEdit}>
            Edit
          </button>
          <DeleteButton target={target} onDeleted={onDeleted} />
        </>
      )}
      {children}
    </div>
  );
}
