// A school's job's counts (decision 2104): a page view and a click on its apply link are told to
// the server with a small keepalive POST, fire-and-forget. They are not queued in the outbox: a
// count lost offline is worth less than a queue of them replayed later.
import { client } from './client';
import { to } from './requests';

export function countJobEvent(id: number, kind: 'view' | 'apply-click'): void {
  const endpoint = kind === 'view' ? client.jobs[':id'].view : client.jobs[':id']['apply-click'];
  const { path } = to(endpoint, '$post', { param: { id: String(id) } });
  fetch(path, { method: 'POST', keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
}
