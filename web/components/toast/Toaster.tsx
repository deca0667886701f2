import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { modalStack } from '../Dialog';
import { Icon } from '../Icon';
import { lastPressed } from './pressed';
import { dismissToast, getSnapshot, subscribe, type ToastData } from '../../lib/toast-store';

function useToasts() {
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
      className={
        `alert shadow-lg pointer-events-auto w-full sm:w-96 items-start ${destructive ? '' : 'py-2'} transition-all duration-300 motion-reduce:transition-none ` +
        `${destructive ? 'alert-error' : 'bg-base-100 border-base-300'} ${t.open ? 'opacity-100 translate-y-0' : 'opacity-0 translate-y-2'}`
      }
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
      <button
        type="button"
        className="btn btn-ghost btn-square -my-1 -mr-2"
        onClick={() => dismissToast(t.id)}
        aria-label="Dismiss notification"
      >
        <Icon name="close" className="size-5" />
      </button>
    </div>
  );
}

/**
 * Renders the current toast above the phone's bottom navigation; announced by screen readers.
 * While a modal dialog is open the toast is drawn inside it (the dialog is in the top layer and
 * makes the rest of the page inert), at the top of the screen so that it never covers the
 * dialog's own buttons; also at the top when, at the bottom, it would cover the control just
 * pressed.
 */
export function Toaster() {
  const toasts = useToasts();
  const dialog = useSyncExternalStore(modalStack.subscribe, modalStack.top, () => null);
  // A new toast goes to the top of the screen if, at the bottom, it would cover the control
  // pressed last (./pressed.ts, noted since the app started).
  const region = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(false);
  const newest = toasts[0]?.id;
  useLayoutEffect(() => {
    if (!newest || dialog) return;
    const el = lastPressed();
    const box = region.current?.firstElementChild?.getBoundingClientRect();
    if (!el || !box) return setTop(false);
    const r = el.getBoundingClientRect();
    // The band a bottom toast takes: above the bottom bar (5rem) on a phone, 1rem on a desktop.
    const bandTop = window.innerHeight - (window.innerWidth >= 1024 ? 16 : 80) - box.height;
    setTop(r.bottom > bandTop && r.top < window.innerHeight);
  }, [newest, dialog]);
  const atTop = !!dialog || top;
  const content = (
    <div
      ref={region}
      aria-live="polite"
      aria-atomic="true"
      data-testid="toaster"
      data-placement={atTop ? 'top' : 'bottom'}
      className={`fixed z-50 inset-x-0 px-4 flex flex-col items-center sm:items-end pointer-events-none ${atTop ? 'top-4' : 'bottom-[calc(5rem+env(safe-area-inset-bottom))] lg:bottom-4'}`}
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} t={t} />
      ))}
    </div>
  );
  return dialog ? createPortal(content, dialog) : content;
}
