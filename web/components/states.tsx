import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { OfflineError } from '../offline/errors';
import { Icon, type IconName } from './Icon';

export function EmptyState({ icon = 'search', title, children }: { icon?: IconName; title: string; children?: ReactNode }) {
  return (
    <div className="card bg-base-200 border border-dashed border-base-300">
      <div className="card-body items-center text-center py-10">
        <Icon name={icon} className="size-10 opacity-50" />
        <h3 className="font-semibold text-lg">{title}</h3>
        {children && <div className="text-sm opacity-80 max-w-prose">{children}</div>}
      </div>
    </div>
  );
}

/** Whether a failed load is because the app is offline with nothing saved for it yet. */
export function isOfflineError(error: unknown) {
  return error instanceof OfflineError || (typeof navigator !== 'undefined' && !navigator.onLine);
}

/**
 * A failure's line: calm when offline (role status, a clock), an alert otherwise (role alert, a
 * warning), with an optional button. ErrorState, LoadMore's failed next page and a screen whose
 * chunk could not come (web/app/PageSkeleton.tsx) all say theirs with it.
 */
export function FailureLine({
  offline,
  children,
  action,
  className = '',
  testId,
}: {
  offline: boolean;
  children: ReactNode;
  action?: { label: string; onClick: () => void };
  className?: string;
  testId?: string;
}) {
  return (
    <div
      role={offline ? 'status' : 'alert'}
      className={`alert alert-soft ${offline ? '' : 'alert-error'} ${className}`}
      data-testid={testId}
    >
      <Icon name={offline ? 'clock' : 'warning'} />
      <span>{children}</span>
      {action && (
        <button type="button" className="btn btn-sm" onClick={action.onClick}>
          {action.label}
        </button>
      )}
    </div>
  );
}

export function ErrorState({
  error,
  retry,
  offlineText = "This will appear here once you're back online.",
}: {
  error: unknown;
  retry?: () => void;
  offlineText?: string;
}) {
  if (isOfflineError(error)) {
    return (
      <FailureLine offline testId="offline-empty">
        You're offline and this hasn't been saved on this device yet. {offlineText}
      </FailureLine>
    );
  }
  return (
    <FailureLine offline={false} action={retry && { label: 'Try again', onClick: retry }}>
      Something went wrong loading this. {error instanceof Error ? error.message : ''}
    </FailureLine>
  );
}

export function CardSkeleton({ lines = 3 }: { lines?: number }) {
  return (
    <div className="card bg-base-100 border border-base-300" aria-hidden="true">
      <div className="card-body gap-3">
        <div className="skeleton h-5 w-2/3" />
        {Array.from({ length: lines }, (_, i) => (
          <div key={i} className="skeleton h-3 w-full" />
        ))}
      </div>
    </div>
  );
}

export function SkeletonList({ count, lines, className = 'grid gap-4' }: { count: number; lines?: number; className?: string }) {
  return (
    <div className={className} role="status" aria-label="Loading">
      {Array.from({ length: count }, (_, i) => (
        <CardSkeleton key={i} lines={lines} />
      ))}
    </div>
  );
}

export function Breadcrumb({ items }: { items: { to?: string; label: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs text-sm">
      <ul>
        {items.map((item) => (
          <li key={item.label}>{item.to ? <Link to={item.to}>{item.label}</Link> : <span aria-current="page">{item.label}</span>}</li>
        ))}
      </ul>
    </nav>
  );
}
