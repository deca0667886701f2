// Listens to the outbox replays (page triggers and the service worker's Background Sync): when a
// queued submission arrives, shows its success toast and reads again what it touches, as its route
// declares (decision 0015); when the server refuses one, says so and points to the dashboard
// where it can be fixed or discarded.
import { useEffect } from 'react';
import { onDrained } from '../../offline/outbox-count';
import { toast } from '../../lib/toast-store';

export function OutboxSync() {
  useEffect(
    () =>
      onDrained((summary) => {
        // The messages load with the first replay, not with the page (the first load's JavaScript).
        void Promise.all([import('../../data/messages'), import('../../data/refresh')]).then(
          ([{ kindLabel, successToastFor }, { refreshAfterWrite }]) => {
            const last = summary.sent[summary.sent.length - 1];
            if (summary.failed.length) {
              const item = summary.failed[0];
              toast({
                title: 'Not sent',
                description: `${kindLabel(item.kind)} was refused: ${item.error ?? 'please check it'}. Open your dashboard to fix or discard it.`,
                variant: 'destructive',
              });
            } else if (summary.needsAuth && !last) {
              const n = summary.needsAuth;
              toast({
                title: 'Sign In Required',
                description: `Please sign in to send your ${n} saved submission${n === 1 ? '' : 's'}.`,
                variant: 'destructive',
              });
            } else if (last) {
              const message = successToastFor(last.item);
              if (message)
                toast(
                  summary.sent.length > 1
                    ? { title: message.title, description: `${summary.sent.length} queued submissions were sent. ${message.description}` }
                    : message,
                );
            }
            for (const { item } of summary.sent) refreshAfterWrite(item.method, item.path);
          },
        );
      }),
    [],
  );
  return null;
}
