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

/** The address of a comparison of these schools (/compare alone for none). */
export function compareHref(ids: number[]): string {
  return ids.length ? `/compare?schools=${ids.join(',')}` : '/compare';
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
