// The offline layer's start, loaded after the first render (web/main.tsx): replay the outbox and
// warm the offline store. (A server-rendered page's answers are saved earlier: offline/seed.ts.)
import { startReplay } from './replay';
import { warmOfflineCache } from './warm';

export function startOffline() {
  startReplay();
  void warmOfflineCache();
}
