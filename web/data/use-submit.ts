// Every form's submit, once: the client check, the messages beside the fields and focus on the
// first, busy while the write runs, the write (through the outbox with the product's toasts, or an
// online-only call of its own), a 400's `fields` as messages, then what the form does after a
// write that went: refresh what shows it, reset, close.
import { useRef } from 'react';
import type { SendRequest, SendResult } from './requests';
import { write, type WriteOptions } from './writes';

type Fields = Record<string, string>;
/** A client check's answer (check() in ./check.ts): the body to send, or field → message. */
export type Checked<D> = { ok: true; data: D } | { ok: false; fields: Fields };

/** A write through the outbox: its request and the product's toasts (without the field handler). */
export interface OutboxWrite {
  request: SendRequest;
  messages: Omit<WriteOptions, 'onFieldErrors'>;
}

export interface SubmitOptions<D, T, A> {
  /** The client check (the API's own zod schema, or the form's own rules). */
  check: (arg: A) => Checked<D> | Promise<Checked<D>>;
  /** The write through the outbox. */
  write?: (data: D, arg: A) => OutboxWrite;
  /** Or an online-only call of its own: its answer, or null when it failed; a 400's messages go to `fields`. */
  send?: (data: D, fields: (f: Fields) => void, arg: A) => Promise<T | null>;
  /** The API's field names as the form names them. */
  mapFields?: (f: Fields) => Fields;
  /** After a write that was sent or queued: refresh, reset, close. */
  done?: (result: SendResult<T>, data: D, arg: A) => void | Promise<void>;
}

/** What a submit needs of its form: where the fields are, and its messages and busy state. */
export interface SubmitTarget {
  form: HTMLFormElement | null;
  setErrors: (fields: Fields) => void;
  setBusy: (busy: boolean) => void;
}

/**
 * Moves focus to the first field with a message, after React has rendered it: a message set when
 * an answer arrives (not in an event handler) may render a frame later, so it looks for a few frames.
 */
export function focusFirstError(form: HTMLFormElement | null, frames = 5) {
  requestAnimationFrame(() => {
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (first) first.focus();
    else if (frames > 1) focusFirstError(form, frames - 1);
  });
}

/** One submit: check, messages and focus, busy, write, then `done` with what the write answered. */
export async function runSubmit<D, T, A>(target: SubmitTarget, o: SubmitOptions<D, T, A>, arg: A): Promise<void> {
  const show = (fields: Fields) => {
    target.setErrors(o.mapFields ? o.mapFields(fields) : fields);
    focusFirstError(target.form);
  };
  const checked = await o.check(arg);
  if (!checked.ok) return show(checked.fields);
  target.setErrors({});
  target.setBusy(true);
  try {
    let result: SendResult<T> | null = null;
    if (o.write) {
      const { request, messages } = o.write(checked.data, arg);
      result = await write<T>(request, { ...messages, onFieldErrors: show });
    } else if (o.send) {
      const data = await o.send(checked.data, show, arg);
      result = data === null ? null : { status: 'sent', data };
    }
    if (result) await o.done?.(result, checked.data, arg);
  } finally {
    target.setBusy(false);
  }
}

/**
 * The form's submit: `ref` goes on the <form>, `onSubmit` on its submit event (the event stops at
 * this form: React bubbles through a dialog to the page's own forms), `submit(arg)` for a second
 * button (a job's "Save as draft"). A submit while one runs is ignored.
 */
export function useSubmit<D, T = unknown, A = void>(state: Pick<SubmitTarget, 'setErrors' | 'setBusy'>, options: SubmitOptions<D, T, A>) {
  const ref = useRef<HTMLFormElement>(null);
  const running = useRef(false);
  const submit = async (arg: A) => {
    if (running.current) return;
    running.current = true;
    try {
      await runSubmit({ form: ref.current, setErrors: state.setErrors, setBusy: state.setBusy }, options, arg);
    } finally {
      running.current = false;
    }
  };
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    void submit(undefined as A);
  };
  return { ref, submit, onSubmit };
}
