// The calculator's inputs: what is computed (the pay point or salary, allowances, month) lives in
// the address, so a link opens the same figures; the teacher's own settings (FTE, pension, loans)
// live on this device and join the address only when she copies a link (a link that carries them
// is read, and dropped from the address once she changes one). Decision 0311.
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { defaultMonth, parseFte } from '../../core/take-home';
import type { FormValues } from './calculator';
import { DEFAULT_SETTINGS, saveSettings, savedSettings, settingsOf, type TakeHomeSettings } from './settings';

const SETTINGS_KEYS = ['fte', 'pension', 'loans'] as const;
export const ADDRESS_KEYS = ['by', 'region', 'paySpine', 'point', 'salary', 'allowances', 'month'] as const;
type AddressKey = (typeof ADDRESS_KEYS)[number];

const linkSettings = (params: URLSearchParams): TakeHomeSettings | null =>
  SETTINGS_KEYS.some((k) => params.has(k))
    ? settingsOf({ fte: params.get('fte') ?? undefined, pension: params.get('pension'), loans: params.get('loans') ?? '' })
    : null;

export function useTakeHomeForm() {
  const [params, setParams] = useSearchParams();
  const fromLink = linkSettings(params);
  const [settings, setSettings] = useState<TakeHomeSettings>(fromLink ?? DEFAULT_SETTINGS);
  // After hydration (the server knows nothing of this device): the saved settings, unless a link gave some.
  useEffect(() => {
    if (fromLink) return;
    const saved = savedSettings();
    if (saved) setSettings(saved);
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const values: FormValues = {
    mode: params.get('by') === 'salary' ? 'salary' : 'point',
    region: params.get('region') ?? 'Inner London',
    paySpine: params.get('paySpine') ?? 'Main Pay Range',
    point: params.get('point') ?? '1',
    salary: params.get('salary') ?? '',
    allowances: params.get('allowances') ?? '',
    month: params.get('month') ?? defaultMonth(),
    ...settings,
  };

  const setAddress = useCallback(
    (next: Partial<Record<AddressKey, string>>) =>
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(next)) {
            if (v === undefined || v === '') p.delete(k);
            else p.set(k, v);
          }
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );

  const setSetting = useCallback(
    (next: Partial<TakeHomeSettings>) => {
      setSettings((prev) => {
        const merged = { ...prev, ...next };
        const saved = savedSettings() ?? DEFAULT_SETTINGS;
        saveSettings({ ...merged, fte: parseFte(merged.fte) === null ? saved.fte : merged.fte });
        return merged;
      });
      // Her own choice now: a link's settings leave the address (a reload must not send them).
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          SETTINGS_KEYS.forEach((k) => p.delete(k));
          return p;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  /** This page's address with her settings: what "Copy link" copies. */
  const linkWithSettings = () => {
    const p = new URLSearchParams(params);
    p.set('fte', settings.fte);
    p.set('pension', settings.pension);
    if (settings.loans.length) p.set('loans', settings.loans.join(','));
    else p.delete('loans');
    return `/pay-scales/take-home?${p.toString()}`;
  };

  return { values, setAddress, setSetting, linkWithSettings };
}
