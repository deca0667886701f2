import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Icon } from './Icon';

// The open modal dialogs, innermost last. A modal <dialog> sits in the browser's top layer and
// makes the rest of the page inert, so the Toaster renders inside the innermost one while it is
// open (web/components/toast/Toaster.tsx); see docs/decisions/1101-toasts-inside-dialogs.md.
let openDialogs: HTMLDialogElement[] = [];
const dialogListeners = new Set<() => void>();
function setOpenDialogs(next: HTMLDialogElement[]) {
  openDialogs = next;
  dialogListeners.forEach((l) => l());
}
export const modalStack = {
  subscribe: (listener: () => void) => {
    dialogListeners.add(listener);
    return () => {
      dialogListeners.delete(listener);
    };
  },
  /** The innermost open modal dialog, or null. */
  top: (): HTMLDialogElement | null => openDialogs[openDialogs.length - 1] ?? null,
};

/**
 * A modal on the native <dialog> (daisyUI modal): focus goes to the first field when it opens,
 * Escape closes it, and focus returns to whatever opened it.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  wide = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement;
      d.showModal();
      setOpenDialogs([...openDialogs.filter((x) => x !== d), d]);
      const first = d.querySelector<HTMLElement>('[data-autofocus], input:not([type=hidden]), select, textarea, button:not([data-close])');
      first?.focus();
    } else if (!open && d.open) {
      d.close();
    }
  }, [open]);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const handle = () => {
      setOpenDialogs(openDialogs.filter((x) => x !== d));
      onClose();
      if (opener.current instanceof HTMLElement) opener.current.focus();
    };
    d.addEventListener('close', handle);
    return () => d.removeEventListener('close', handle);
  }, [onClose]);
  // Unmounted while open (navigation): forget it.
  useEffect(() => {
    const d = ref.current;
    return () => {
      if (d && openDialogs.includes(d)) setOpenDialogs(openDialogs.filter((x) => x !== d));
    };
  }, []);
  // useId: the same dialog under every reply of a thread must not repeat one id.
  const titleId = useId();
  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId}>
      <div className={`modal-box p-4 sm:p-6 ${wide ? 'sm:max-w-2xl' : ''} max-h-[90dvh]`}>
        <div className="flex items-start justify-between gap-2 mb-4">
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          <button type="button" data-close className="btn btn-ghost btn-square" onClick={() => ref.current?.close()} aria-label="Close">
            <Icon name="close" className="size-4" />
          </button>
        </div>
        {open && children}
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1} data-close>
          close
        </button>
      </form>
    </dialog>
  );
}

/** A dialog's buttons: Cancel (closes it) and, after it, the dialog's own action (`children`). */
export function DialogActions({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  return (
    <div className="modal-action">
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        Cancel
      </button>
      {children}
    </div>
  );
}

/** A labelled field with its message underneath (aria-describedby ties them together). */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="fieldset py-1">
      <label htmlFor={id} className="fieldset-legend pb-1 pt-0">
        {label}
      </label>
      {children}
      {hint && !error && <p className="label text-xs whitespace-normal">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-error text-sm flex items-center gap-1" data-testid={`error-${id}`}>
          <Icon name="warning" className="size-4 shrink-0" />
          {error}
        </p>
      )}
    </div>
  );
}

/** Props that wire an input to its Field's message. */
export const fieldProps = (id: string, error?: string) => ({
  id,
  name: id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});
