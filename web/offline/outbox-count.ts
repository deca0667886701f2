// The header's count of queued submissions: a tiny store with no Dexie, so the first load's
// bundle can show it while the outbox itself loads later (web/offline/replay.ts fills it).
import { createStore } from './store';

/** How many of the signed-in user's submissions wait on this device (another account's are not counted). */
export const outboxCount = createStore(0);
