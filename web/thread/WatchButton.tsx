import { useState } from 'react';
import { Icon } from '../components/Icon';
import { setThreadWatch, useThreadWatch } from '../data/notifications';

/** Watch / Unwatch (decision 2010): she hears of each new reply once a moderator publishes it. */
export function WatchButton({ threadId }: { threadId: number }) {
  const { data } = useThreadWatch(threadId, true);
  const [busy, setBusy] = useState(false);
  if (!data) return null;
  const toggle = async () => {
    setBusy(true);
    await setThreadWatch(threadId, !data.watching);
    setBusy(false);
  };
  return (
    <button
      type="button"
      className={`btn btn-sm min-h-11 ${data.watching ? 'btn-outline' : 'btn-ghost'}`}
      disabled={busy}
      onClick={() => void toggle()}
      data-testid="watch-thread"
      title={data.watching ? 'You hear of new replies here' : 'Hear of new replies here'}
    >
      <Icon name="bell" className="size-4" />
      {data.watching ? 'Unwatch' : 'Watch'}
    </button>
  );
}
