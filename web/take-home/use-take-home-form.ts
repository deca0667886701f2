// The calculator's inputs: what is computed (the pay point or salary, allowances, month) lives in
// the address, so a link opens the same figures; the teacher's own settings (FTE, pension, loans)
// live on this device and join the address only when she copies a link (a link that carries them
// is read, and dropped from the address once she changes one). Decision 0311.
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { defaultMonth, parseFte } from '../../core/take-home';
import type { FormValues } from './calculator';
import { settingsOf, type TakeHomeSettings } from '../features/take-home/settings';
import { setTakeHomeSettings, useTakeHomeSettings } from '../features/take-home/settings-store';

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
  // A link's settings, or what she is typing here (an FTE being typed may not be valid yet); else
  // the settings kept on this device (after hydration: the server knows nothing of this device).
  const [local, setLocal] = useState<TakeHomeSettings | null>(fromLink);
  const kept = useTakeHomeSettings().settings;
  const settings = local ?? kept;

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
      const merged = { ...settings, ...next };
      setLocal(merged);
      setTakeHomeSettings({ ...merged, fte: parseFte(merged.fte) === null ? kept.fte : merged.fte });
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
    [setParams, settings, kept],
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
