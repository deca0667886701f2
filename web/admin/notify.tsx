// Toasts for the admin tools. The app-wide toast system (web/components/toast/) is being built
// separately: until it lands, a component shows its last toast itself in a role="status" region.
// Swap: pass the toast system's function as `notify` (same shape: title, description, variant).
import { useCallback, useState, type ReactNode } from 'react';

export interface Toast {
  title: string;
  description: string;
  variant?: 'default' | 'destructive';
}
export type Notify = (toast: Toast) => void;

/** `notify` when given; otherwise a local message rendered by `region`. */
export function useNotify(notify?: Notify): { show: Notify; region: ReactNode } {
  const [last, setLast] = useState<Toast | null>(null);
  const show = useCallback<Notify>((t) => (notify ? notify(t) : setLast(t)), [notify]);
  const region = notify ? null : (
    <div role="status" aria-live="polite" className="min-h-0">
      {last && (
        <div className={`alert ${last.variant === 'destructive' ? 'alert-error' : 'alert-success'} alert-soft mt-2 text-sm`}>
          <div>
            <p className="font-semibold">{last.title}</p>
            <p>{last.description}</p>
          </div>
        </div>
      )}
    </div>
  );
  return { show, region };
}
