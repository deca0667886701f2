// The moderators' discussion controls on /moderation: lock or unlock, pin or unpin a thread.
import { Link } from 'react-router-dom';
import { ErrorState, SkeletonList } from '../components/states';
import { TitledCard } from '../components/fields';
import { client } from '../data/client';
import { useForumThreads } from '../data/hooks';
import { threadStatus } from '../components/thread-status';
import { to } from '../data/requests';
import { action } from './ModerationActions';

type ThreadAction = 'lock' | 'unlock' | 'sticky' | 'unsticky';
/** One way of a thread's switch: the moderation action, the toast's title, the button's label. */
type SwitchWay = readonly [action: ThreadAction, title: string, label: string];

/** A thread's two switches, by the flag each one turns. */
const THREAD_SWITCHES = [
  { flag: 'isLocked', on: ['lock', 'Thread Locked', 'Lock'], off: ['unlock', 'Thread Unlocked', 'Unlock'] },
  { flag: 'isSticky', on: ['sticky', 'Thread Pinned', 'Make sticky'], off: ['unsticky', 'Thread Unpinned', 'Unstick'] },
] as const;

/** A thread's on/off switch (locked, sticky): the button offers the way it is not. */
function ThreadToggle({
  isOn,
  on,
  off,
  run,
}: {
  isOn: boolean;
  on: SwitchWay;
  off: SwitchWay;
  run: (action: ThreadAction, title: string) => unknown;
}) {
  const [action, title, label] = isOn ? off : on;
  return (
    <button type="button" className="btn btn-sm" onClick={() => run(action, title)}>
      {label}
    </button>
  );
}

export function ThreadControls() {
  const threads = useForumThreads(undefined);
  if (threads.error) return <ErrorState error={threads.error} retry={() => threads.mutate()} />;
  if (!threads.data) return <SkeletonList count={2} lines={1} />;
  return (
    <TitledCard id="q-controls" title="Lock and pin discussions">
      <ul className="divide-y divide-base-200">
        {threads.data.map((t) => {
          const s = threadStatus(t);
          // The lists read again come from the route's declared data (forum: web/data/refresh.ts).
          const run = (what: ThreadAction, title: string) =>
            action(to(client.moderation.threads[':id'][what], '$post', { param: { id: String(t.id) } }), title, t.title);
          return (
            <li key={t.id} className="py-2 flex flex-wrap items-center gap-2 justify-between">
              <span className="flex-1 min-w-48">
                <Link to={`/forum/threads/${t.id}`} className="link link-hover">
                  {t.title}
                </Link>{' '}
                <span className={`badge badge-xs ${s.className}`}>{s.label}</span>
                {t.isSticky && <span className="badge badge-xs badge-primary ml-1">Sticky</span>}
              </span>
              <span className="flex gap-1">
                {THREAD_SWITCHES.map(({ flag, on, off }) => (
                  <ThreadToggle key={flag} isOn={t[flag]} on={on} off={off} run={run} />
                ))}
              </span>
            </li>
          );
        })}
      </ul>
    </TitledCard>
  );
}

/** The queues this moderator may decide, as tabs with their counts and the oldest's age (decision 2115). */
