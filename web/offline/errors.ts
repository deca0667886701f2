// The offline layer's error and header names, with no Dexie (screens test for them on first load).
export const CACHED_AT_HEADER = 'x-offline-saved-at';

export class OfflineError extends TypeError {
  constructor(readonly url: string) {
    super(`Offline: nothing saved yet for ${url}`);
  }
}
