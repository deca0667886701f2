// Toast state (product §4): one toast at a time, default or destructive, shown for 5000 ms by
// default, with an add → update → dismiss → remove lifecycle. A tiny external store so any code
// (hooks, event handlers, non-React helpers) can call toast().
type ToastVariant = 'default' | 'destructive';

export interface ToastData {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** false once dismissed; removed shortly after (lets the exit animation run). */
  open: boolean;
  duration: number;
}

const TOAST_LIMIT = 1;
const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 300;

type Action =
  | { type: 'add'; toast: ToastData }
  | { type: 'update'; toast: Partial<ToastData> & { id: string } }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

/** Pure reducer: the newest toast first, never more than TOAST_LIMIT. */
export function reducer(state: ToastData[], action: Action): ToastData[] {
  switch (action.type) {
    case 'add':
      return [action.toast, ...state].slice(0, TOAST_LIMIT);
    case 'update':
      return state.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t));
    case 'dismiss':
      return state.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t));
    case 'remove':
      return action.id === undefined ? [] : state.filter((t) => t.id !== action.id);
  }
}

let state: ToastData[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: Action) {
  state = reducer(state, action);
  if (action.type === 'dismiss') {
    for (const t of state) if (!t.open) scheduleRemove(t.id);
  }
  listeners.forEach((l) => l());
}

function scheduleRemove(id: string) {
  if (timers.has(id)) return;
  timers.set(
    id,
    setTimeout(() => {
      timers.delete(id);
      dispatch({ type: 'remove', id });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const getSnapshot = () => state;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
}

/** Shows a toast (replacing any other); returns handles to update or dismiss it. */
export function toast(input: ToastInput) {
  const id = String(++counter);
  dispatch({
    type: 'add',
    toast: {
      id,
      title: input.title,
      description: input.description,
      variant: input.variant ?? 'default',
      open: true,
      duration: input.duration ?? TOAST_DURATION_MS,
    },
  });
  return {
    id,
    update: (next: Partial<ToastInput>) => dispatch({ type: 'update', toast: { id, ...next } }),
    dismiss: () => dispatch({ type: 'dismiss', id }),
  };
}

export const dismissToast = (id?: string) => dispatch({ type: 'dismiss', id });
