// The offline layer's start, loaded after the first render (web/main.tsx): replay the outbox,
// warm the offline store, and save a server-rendered page's answers for offline reading.
import type { SsrPayload } from '../app/ssr-data';
import { startReplay } from './replay';
import { seedOfflineStore } from './seed';
import { warmOfflineCache } from './warm';

export function startOffline(payload: SsrPayload | undefined) {
  startReplay();
  warmOfflineCache();
  if (payload) seedOfflineStore(payload);
}
