import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getSnapshot, reducer, toast, TOAST_REMOVE_DELAY_MS, type ToastData } from './toast-store';

const t = (id: string, extra: Partial<ToastData> = {}): ToastData => ({
  id,
  title: id,
  variant: 'default',
  open: true,
  duration: 5000,
  ...extra,
});

describe('toast reducer', () => {
  it('keeps one toast at a time, newest first', () => {
    expect(reducer([t('a')], { type: 'add', toast: t('b') }).map((x) => x.id)).toEqual(['b']);
  });
  it('updates, dismisses and removes', () => {
    let s = [t('a')];
    s = reducer(s, { type: 'update', toast: { id: 'a', title: 'changed' } });
    expect(s[0].title).toBe('changed');
    s = reducer(s, { type: 'dismiss', id: 'a' });
    expect(s[0].open).toBe(false);
    expect(reducer(s, { type: 'remove', id: 'a' })).toEqual([]);
    expect(reducer([t('x')], { type: 'remove' })).toEqual([]);
  });
});

describe('toast()', () => {
  afterEach(() => vi.useRealTimers());
  it('defaults to 5000 ms and the default variant; dismissed toasts are removed', () => {
    vi.useFakeTimers();
    const h = toast({ title: 'Job Saved', description: 'Job has been added to your saved jobs.' });
    expect(getSnapshot()).toHaveLength(1);
    expect(getSnapshot()[0]).toMatchObject({ duration: 5000, variant: 'default', open: true });
    toast({ title: 'Second', variant: 'destructive' });
    expect(getSnapshot().map((x) => x.title)).toEqual(['Second']);
    h.dismiss();
    dismissToast();
    expect(getSnapshot()[0].open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS + 1);
    expect(getSnapshot()).toEqual([]);
  });
});
