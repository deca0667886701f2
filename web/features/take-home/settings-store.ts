// The teacher's take-home settings as every screen reads them (issue 38, decision 0312): the copy
// on this device (localStorage, settings.ts) is the one every figure is computed from, so the pay
// scales, the jobs and the calculator agree, offline too. A visitor's never leave the device. A
// signed-in teacher's are also kept in her account: on sign-in the account's win when it has some
// (they replace the device's), else the device's are saved to the account; each change she makes
// while signed in is saved to both.
import { useEffect, useSyncExternalStore } from 'react';
import { useAuth } from '../../data/auth';
import { DEFAULT_SETTINGS, saveSettings, savedSettings, settingsOf, type TakeHomeSettings } from './settings';

const ACCOUNT_URL = '/api/me/take-home-settings';
const KEY = 'tilt.takeHome';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

let cachedText: string | null | undefined;
let cached: TakeHomeSettings | null = null;
/** The saved settings, the same object while the stored text is the same (useSyncExternalStore). */
function snapshot(): TakeHomeSettings | null {
  let text: string | null = null;
  try {
    text = window.localStorage.getItem(KEY);
  } catch {
    text = null;
  }
  if (text !== cachedText) {
    cachedText = text;
    cached = savedSettings();
  }
  return cached;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The settings kept on this device, or null: none saved (the server renders null). */
export function useSavedTakeHomeSettings(): TakeHomeSettings | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}

/** The settings figures are computed with: hers, else the defaults (full time, pension, no loans). */
export function useTakeHomeSettings(): { settings: TakeHomeSettings; saved: boolean } {
  const saved = useSavedTakeHomeSettings();
  useAccountSync();
  return { settings: saved ?? DEFAULT_SETTINGS, saved: saved !== null };
}

/** Whose account the settings are kept in as well (set once the sign-in reconcile has run). */
let accountUser: string | null = null;
let syncing: string | null = null;

const sameSettings = (a: TakeHomeSettings, b: TakeHomeSettings) => JSON.stringify(a) === JSON.stringify(b);

async function putAccount(settings: TakeHomeSettings) {
  await fetch(ACCOUNT_URL, {
    method: 'PUT',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(settings),
  });
}

/**
 * Reconciles the device and the account once a teacher is known to be signed in: the account's
 * settings win when it has some; otherwise the device's (if she set any) are saved to it.
 * Exported for tests; `fetchImpl` answers the GET.
 */
export async function reconcileWithAccount(userId: string, fetchImpl: typeof fetch = fetch): Promise<'account' | 'device' | 'none'> {
  const res = await fetchImpl(ACCOUNT_URL, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`take-home settings: ${res.status}`);
  const { settings } = (await res.json()) as { settings: Record<string, unknown> | null };
  accountUser = userId;
  if (settings) {
    const account = settingsOf(settings);
    const device = savedSettings();
    if (!device || !sameSettings(device, account)) {
      saveSettings(account);
      notify();
    }
    return 'account';
  }
  const device = savedSettings();
  if (!device) return 'none';
  await putAccount(device);
  return 'device';
}

function useAccountSync() {
  const { user } = useAuth();
  const id = user?.id ?? null;
  useEffect(() => {
    if (!id || accountUser === id || syncing === id) return;
    syncing = id;
    reconcileWithAccount(id)
      .catch(() => undefined) // offline or refused: the device's settings stand; tried again next load
      .finally(() => {
        syncing = null;
      });
  }, [id]);
}

/** Saves her settings on this device, and in her account when she is signed in. */
export function setTakeHomeSettings(settings: TakeHomeSettings) {
  saveSettings(settings);
  notify();
  if (accountUser) void putAccount(settings).catch(() => undefined);
}
