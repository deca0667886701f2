// A visitor's take-home settings (issue 38): student loans, the pension choice and FTE, kept on
// this device only (localStorage), never sent: the calculator computes in the browser
// (core/take-home), so no request carries them (decision 0311).
import { LOAN_PLANS, parseFte, type LoanPlan, type PensionChoice } from '../../../core/take-home';

export interface TakeHomeSettings {
  /** As typed ("0.6"); checked where it is used. */
  fte: string;
  pension: PensionChoice;
  loans: LoanPlan[];
}

export const DEFAULT_SETTINGS: TakeHomeSettings = { fte: '1', pension: 'tps', loans: [] };
const KEY = 'tilt.takeHome';

type Store = Pick<Storage, 'getItem' | 'setItem'>;
const deviceStore = (): Store | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage switched off
  }
};

const isLoan = (p: unknown): p is LoanPlan => typeof p === 'string' && (LOAN_PLANS as readonly string[]).includes(p);

/** Settings from anything (a stored JSON value, a link's query): what is not understood is the default. */
export function settingsOf(raw: { fte?: unknown; pension?: unknown; loans?: unknown }): TakeHomeSettings {
  const loans = Array.isArray(raw.loans) ? raw.loans : typeof raw.loans === 'string' ? raw.loans.split(',') : [];
  return {
    fte: typeof raw.fte === 'string' && parseFte(raw.fte) !== null ? raw.fte : DEFAULT_SETTINGS.fte,
    pension: raw.pension === 'none' ? 'none' : 'tps',
    loans: LOAN_PLANS.filter((p) => loans.filter(isLoan).includes(p)),
  };
}

/** The settings kept on this device, or null (none yet, storage off, or unreadable). */
export function savedSettings(store: Store | null = deviceStore()): TakeHomeSettings | null {
  try {
    const text = store?.getItem(KEY);
    return text ? settingsOf(JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Keeps them on this device (nothing happens where storage is off or full). */
export function saveSettings(settings: TakeHomeSettings, store: Store | null = deviceStore()) {
  try {
    store?.setItem(KEY, JSON.stringify(settings));
  } catch {
    // storage full or off: the settings last for this visit only
  }
}
