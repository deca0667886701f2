import { useEffect, useSyncExternalStore } from 'react';
import { Icon } from '../Icon';
import { dismissToast, getSnapshot, subscribe, type ToastData } from './store';

export function useToasts() {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

function ToastItem({ t }: { t: ToastData }) {
  useEffect(() => {
    if (!t.open || t.duration === Infinity) return;
    const timer = setTimeout(() => dismissToast(t.id), t.duration);
    return () => clearTimeout(timer);
  }, [t.id, t.open, t.duration, t.title, t.description]);
  const destructive = t.variant === 'destructive';
  return (
    <div
      role={destructive ? 'alert' : 'status'}
      data-testid="toast"
      data-variant={t.variant}
      className={`alert shadow-lg pointer-events-auto w-full sm:w-96 items-start transition-all duration-300 motion-reduce:transition-none ${destructive ? 'alert-error' : 'bg-base-100 border-base-300'} ${t.open ? 'opacity-100 translate-y-0' : 'opacity-0 translate-y-2'}`}
    >
      <Icon name={destructive ? 'warning' : 'check'} className="size-5 shrink-0 mt-0.5" />
      <div className="flex-1 min-w-0">
        <p className="font-semibold" data-testid="toast-title">
          {t.title}
        </p>
        {t.description && (
          <p className="text-sm opacity-90" data-testid="toast-description">
            {t.description}
          </p>
        )}
      </div>
      <button type="button" className="btn btn-ghost btn-xs btn-square" onClick={() => dismissToast(t.id)} aria-label="Dismiss notification">
        <Icon name="close" className="size-4" />
      </button>
    </div>
  );
}

/** Renders the current toast above the phone's bottom navigation; announced by screen readers. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <div aria-live="polite" aria-atomic="true" className="fixed z-50 inset-x-0 bottom-20 lg:bottom-4 px-4 flex flex-col items-center sm:items-end pointer-events-none">
      {toasts.map((t) => (
        <ToastItem key={t.id} t={t} />
      ))}
    </div>
  );
}
