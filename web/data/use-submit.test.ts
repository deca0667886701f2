import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './client';
import type { SendRequest } from './requests';
import { runSubmit, type Checked, type SubmitOptions } from './use-submit';

const send = vi.fn();
vi.mock('./mutations', () => ({ send: (request: SendRequest) => send(request) }));
const toasts: unknown[] = [];
vi.mock('../lib/toast-store', () => ({ toast: (t: unknown) => toasts.push(t) }));

const REQUEST: SendRequest = { kind: 'review', method: 'POST', path: '/api/schools/7/reviews', body: { pros: 'Kind staff' } };
const MESSAGES = { success: { title: 'Review submitted' }, signIn: 'Please sign in.', error: { description: 'Failed.' } };

/** A form whose invalid field appears on the second frame (as after React renders the message). */
function target() {
  const field = { focus: vi.fn() };
  let frame = 0;
  const form = {
    querySelector: vi.fn((selector: string) => (selector === '[aria-invalid="true"]' && ++frame >= 2 ? field : null)),
  } as unknown as HTMLFormElement;
  const errors: Record<string, string>[] = [];
  const busy: boolean[] = [];
  return { field, form, errors, busy, setErrors: (e: Record<string, string>) => errors.push(e), setBusy: (b: boolean) => busy.push(b) };
}

function options(check: Checked<{ pros: string }>, extra: Partial<SubmitOptions<{ pros: string }, { id: number }, void>> = {}) {
  const done = vi.fn();
  const o: SubmitOptions<{ pros: string }, { id: number }, void> = {
    check: () => Promise.resolve(check),
    write: (data) => ({ request: { ...REQUEST, body: data }, messages: MESSAGES }),
    done,
    ...extra,
  };
  return { o, done };
}

beforeEach(() => {
  send.mockReset();
  toasts.length = 0;
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
    queueMicrotask(() => cb(0));
    return 0;
  });
});
afterEach(() => vi.unstubAllGlobals());

const frames = () => new Promise((r) => setTimeout(r, 0));

describe('runSubmit', () => {
  it("shows the check's messages, focuses the first invalid field, and neither writes nor turns busy", async () => {
    const t = target();
    const { o, done } = options({ ok: false, fields: { pros: 'Pros must be at least 10 characters', cons: 'Cons are required' } });
    await runSubmit(t, o, undefined);
    await frames();
    expect(t.errors).toEqual([{ pros: 'Pros must be at least 10 characters', cons: 'Cons are required' }]);
    expect(t.field.focus).toHaveBeenCalledTimes(1);
    expect(t.busy).toEqual([]);
    expect(send).not.toHaveBeenCalled();
    expect(done).not.toHaveBeenCalled();
  });

  it('clears the messages, is busy while the outbox write runs, then refreshes with its answer', async () => {
    const t = target();
    const { o, done } = options({ ok: true, data: { pros: 'Kind staff and good pay' } });
    send.mockImplementation(() => {
      expect(t.busy).toEqual([true]);
      return Promise.resolve({ status: 'sent', data: { id: 41 } });
    });
    await runSubmit(t, o, undefined);
    expect(send).toHaveBeenCalledWith({ ...REQUEST, body: { pros: 'Kind staff and good pay' } });
    expect(t.errors).toEqual([{}]);
    expect(t.busy).toEqual([true, false]);
    expect(done).toHaveBeenCalledWith({ status: 'sent', data: { id: 41 } }, { pros: 'Kind staff and good pay' }, undefined);
    expect(toasts).toEqual([{ title: 'Review submitted' }]);
  });

  it('refreshes after a write the outbox queued, with the queued toast', async () => {
    const t = target();
    const { o, done } = options({ ok: true, data: { pros: 'Kind staff and good pay' } });
    send.mockResolvedValue({ status: 'queued', key: 'k1' });
    await runSubmit(t, o, undefined);
    expect(done).toHaveBeenCalledWith({ status: 'queued', key: 'k1' }, { pros: 'Kind staff and good pay' }, undefined);
    expect(toasts).toHaveLength(1);
  });

  it("maps an API 400's fields to the form's names and focuses the first; nothing refreshes", async () => {
    const t = target();
    const { o, done } = options(
      { ok: true, data: { pros: 'Kind staff and good pay' } },
      { mapFields: (f) => Object.fromEntries(Object.entries(f).map(([k, v]) => [k === 'salaryMin' ? 'payScale' : k, v])) },
    );
    send.mockRejectedValue(new ApiRequestError(400, { error: 'Invalid', fields: { salaryMin: 'Choose a pay scale' } }, 'Bad Request'));
    await runSubmit(t, o, undefined);
    await frames();
    expect(t.errors).toEqual([{}, { payScale: 'Choose a pay scale' }]);
    expect(t.field.focus).toHaveBeenCalledTimes(1);
    expect(t.busy).toEqual([true, false]);
    expect(done).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });

  it('any other failure shows the error toast and leaves the form as it was', async () => {
    const t = target();
    const { o, done } = options({ ok: true, data: { pros: 'Kind staff and good pay' } });
    send.mockRejectedValue(new ApiRequestError(409, { error: 'Already reviewed' }, 'Conflict'));
    await runSubmit(t, o, undefined);
    expect(toasts).toEqual([{ title: 'Error', description: 'Failed.', variant: 'destructive' }]);
    expect(t.busy).toEqual([true, false]);
    expect(done).not.toHaveBeenCalled();
  });

  it('an online-only call: its answer goes to done; its field messages to the form; busy ends even when it throws', async () => {
    const t = target();
    const call = vi.fn((data: { pros: string }, fields: (f: Record<string, string>) => void) => {
      if (data.pros === 'bad') {
        fields({ email: 'Use your work address' });
        return Promise.resolve(null);
      }
      return Promise.resolve({ id: 3 });
    });
    const first = options({ ok: true, data: { pros: 'good' } }, { write: undefined, send: call });
    await runSubmit(t, first.o, undefined);
    expect(first.done).toHaveBeenCalledWith({ status: 'sent', data: { id: 3 } }, { pros: 'good' }, undefined);
    const second = options({ ok: true, data: { pros: 'bad' } }, { write: undefined, send: call });
    await runSubmit(t, second.o, undefined);
    expect(t.errors.at(-1)).toEqual({ email: 'Use your work address' });
    expect(second.done).not.toHaveBeenCalled();
    const third = options({ ok: true, data: { pros: 'x' } }, { write: undefined, send: () => Promise.reject(new Error('offline')) });
    await expect(runSubmit(t, third.o, undefined)).rejects.toThrow('offline');
    expect(t.busy.at(-1)).toBe(false);
    expect(send).not.toHaveBeenCalled();
  });

  it('passes its argument (a job form\'s "draft") to the check, the write and done', async () => {
    const t = target();
    const check = vi.fn((arg: string) => ({ ok: true as const, data: { pros: arg } }));
    const done = vi.fn();
    send.mockResolvedValue({ status: 'sent', data: null });
    await runSubmit(
      t,
      { check, write: (data, arg) => ({ request: { ...REQUEST, label: arg, body: data }, messages: MESSAGES }), done },
      'draft',
    );
    expect(check).toHaveBeenCalledWith('draft');
    expect(send).toHaveBeenCalledWith({ ...REQUEST, label: 'draft', body: { pros: 'draft' } });
    expect(done.mock.calls[0]?.[2]).toBe('draft');
  });
});
