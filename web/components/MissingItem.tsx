import { Link } from 'react-router-dom';
import { NotFoundStatus } from '../lib/page-status';
import type { IconName } from './Icon';
import { EmptyState } from './states';

// A module of its own: states.tsx is on every first load, the not-found status only on detail pages.
/**
 * A detail page whose item is not there (closed, removed, awaiting moderation): the page answers
 * 404, says why, and links back to the list.
 */
export function MissingItem({
  icon,
  title,
  why,
  back,
}: {
  icon: IconName;
  title: string;
  why: string;
  back: { to: string; label: string };
}) {
  return (
    <div className="mt-6">
      <NotFoundStatus />
      <EmptyState icon={icon} title={title}>
        {why}{' '}
        <Link to={back.to} className="link link-primary">
          {back.label}
        </Link>
      </EmptyState>
    </div>
  );
}
