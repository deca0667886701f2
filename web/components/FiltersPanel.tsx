import { useId, useState, type ReactNode } from 'react';
import { Icon } from './Icon';

/**
 * The filter selects: always shown from tablet width up; on a phone folded behind a 'Filters'
 * button (with the number of active filters) so results start near the top of the screen.
 */
export function FiltersPanel({
  activeCount,
  children,
  className = 'sm:grid-cols-2 lg:grid-cols-3',
}: {
  activeCount: number;
  children: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-ghost justify-between sm:hidden border border-base-300"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        <span>Filters{activeCount > 0 && <span className="badge badge-primary badge-sm ml-2">{activeCount} active</span>}</span>
        <Icon name={open ? 'close' : 'menu'} className="size-4" />
      </button>
      <div id={id} className={`${open ? 'grid' : 'hidden'} sm:grid gap-2 ${className}`}>
        {children}
      </div>
    </>
  );
}
