// Which pay area the Pay Scales screen shows (issue 37 item 7, decision 0309): the address's, else
// the one the teacher last chose on this device, else Inner London (a London product's first visit).
import { PAY_REGIONS } from '../../core/pay-lists';

export type PayRegion = (typeof PAY_REGIONS)[number];
/** The first visit's area, and what the server renders for an address without one. */
export const DEFAULT_REGION: PayRegion = 'Inner London';
/** The picker's order: the three London areas first (one tap apart), then the rest of England. */
export const REGION_CHOICES: readonly PayRegion[] = ['Inner London', 'Outer London', 'London Fringe', 'England'];
const KEY = 'tilt.payRegion';

export const isPayRegion = (v: string | null | undefined): v is PayRegion => (PAY_REGIONS as readonly string[]).includes(v ?? '');

/** The area the address names, or null (none, or one the pay scales do not have). */
export function regionInUrl(value: string | null | undefined): PayRegion | null {
  return isPayRegion(value) ? value : null;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;
const deviceStore = (): Store | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage switched off
  }
};

/** The area last chosen on this device, or null (none yet, storage off, or a value we no longer know). */
export function rememberedRegion(store: Store | null = deviceStore()): PayRegion | null {
  try {
    const v = store?.getItem(KEY);
    return isPayRegion(v) ? v : null;
  } catch {
    return null;
  }
}

/** Keeps her choice on this device (nothing happens where storage is off or full). */
export function rememberRegion(region: PayRegion, store: Store | null = deviceStore()) {
  try {
    store?.setItem(KEY, region);
  } catch {
    // Private mode or full storage: the choice still holds in the address.
  }
}

/** The area an address without one opens on: her last choice, else Inner London. */
export function startingRegion(store: Store | null = deviceStore()): PayRegion {
  return rememberedRegion(store) ?? DEFAULT_REGION;
}
