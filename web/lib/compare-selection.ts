// Compare's chosen schools live in the address (decision 0310): /compare?schools=12,7,30, so a link
// opens what was shared, a reload keeps it, and the server-rendered page and the phone's offline
// copy follow it. The last selection is also remembered on the device, so a school page's
// Compare adds to it.
import { MAX_COMPARE } from '../../core/constants';

const KEY = 'tilt.compare';

/** The ids of `?schools=`: whole positive numbers, each once, the first three. */
export function parseSchools(value: string | null | undefined): number[] {
  const ids: number[] = [];
  for (const part of (value ?? '').split(',')) {
    const t = part.trim();
    if (!/^[1-9]\d{0,9}$/.test(t)) continue;
    const id = Number(t);
    if (!ids.includes(id) && ids.length < MAX_COMPARE) ids.push(id);
  }
  return ids;
}

/** A school page's Compare before the device's comparison is known: the compare screen adds it. */
export const addHref = (id: number) => `/compare?add=${id}`;

/** The address of a comparison of these schools (/compare alone for none). */
export function compareHref(ids: number[]): string {
  return ids.length ? `/compare?schools=${ids.join(',')}` : '/compare';
}

/**
 * The schools an address names: `?schools=` as written, else a school page's `?add={id}` alone
 * (its Compare tapped before the part hydrated: the screen then joins it to this device's list).
 */
export function addressSchools(params: URLSearchParams): number[] {
  const ids = parseSchools(params.get('schools'));
  return ids.length ? ids : parseSchools(params.get('add'));
}

/**
 * Where `?add={id}` leads once the screen runs (decision 0313): the address's schools, else
 * the comparison remembered on this device, with that school added; null when there is none to add.
 */
export function afterAdd(params: URLSearchParams, remembered: number[]): number[] | null {
  const [add] = parseSchools(params.get('add'));
  if (!add) return null;
  const ids = parseSchools(params.get('schools'));
  return withSchool(ids.length ? ids : remembered, add);
}

/** The selection with `id` added: kept as it is when already there; with three, the oldest gives way. */
export function withSchool(ids: number[], id: number): number[] {
  if (ids.includes(id)) return ids;
  return [...ids, id].slice(-MAX_COMPARE);
}

/** The selection last seen on this device (none on the server or when storage is refused). */
export function rememberedSchools(): number[] {
  try {
    return typeof localStorage === 'undefined' ? [] : parseSchools(localStorage.getItem(KEY));
  } catch {
    return [];
  }
}

export function rememberSchools(ids: number[]) {
  try {
    if (ids.length) localStorage.setItem(KEY, ids.join(','));
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode or storage full: the address still holds the selection.
  }
}
