import type { ReactNode } from 'react';
import { TitledCard } from '../components/fields';

/** One queue of the moderation page: its heading with the count, then "Nothing waiting." or its items. */
export function QueueCard({
  id,
  title,
  count,
  empty = 'Nothing waiting.',
  testId,
  listClassName = 'grid gap-3',
  children,
}: {
  /** The heading's id, which labels the section. */
  id: string;
  title: string;
  count: number;
  empty?: string;
  /** The list's data-testid. */
  testId: string;
  listClassName?: string;
  /** The list's items. */
  children: ReactNode;
}) {
  return (
    <TitledCard id={id} title={`${title} (${count})`}>
      {count === 0 ? (
        <p className="text-sm opacity-70">{empty}</p>
      ) : (
        <ul className={listClassName} data-testid={testId}>
          {children}
        </ul>
      )}
    </TitledCard>
  );
}
