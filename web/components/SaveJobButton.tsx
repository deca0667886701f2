import { useState } from 'react';
import { mutate as globalMutate } from 'swr';
import { useSavedStatus } from '../data/hooks';
import { Icon } from './Icon';
import { useSignedInAction, write } from './writes';
import { client } from '../data/client';
import { to } from '../data/requests';
import { SUCCESS } from '../data/messages';
import { swrKey } from '../data/keys';

/**
 * The save heart (product §4): filled when saved; visitors get 'Sign In Required'. A server-rendered
 * page is always a visitor's (no cookie reaches the renderer), so on the server the heart is the
 * visitor's, not saved, without the four data hooks a card's heart asks (a list has 50 of them);
 * the browser hydrates the live heart on the same markup (its first render is a visitor's too,
 * the session still pending).
 */
export const SaveJobButton = typeof window === 'undefined' ? VisitorHeart : LiveSaveJobButton;

function VisitorHeart({ title }: { jobId: number; title: string }) {
  return <Heart saved={false} busy={false} title={title} />;
}

function LiveSaveJobButton({ jobId, title }: { jobId: number; title: string }) {
  const signedIn = useSignedInAction();
  const { data, mutate } = useSavedStatus(jobId);
  const [busy, setBusy] = useState(false);
  const saved = !!data?.saved;
  const toggle = () => signedIn('Please sign in to save jobs.', () => void send());
  async function send() {
    setBusy(true);
    const result = await write(
      {
        kind: saved ? 'unsave-job' : 'save-job',
        ...to(client.jobs[':id'].save, saved ? '$delete' : '$post', { param: { id: String(jobId) } }),
        label: title,
      },
      saved
        ? {
            success: SUCCESS.jobRemoved,
            signIn: 'Please sign in to save jobs.',
            error: { description: 'Failed to remove job. Please try again.' },
          }
        : {
            success: SUCCESS.jobSaved,
            signIn: 'Please sign in to save jobs.',
            error: { description: 'Failed to save job. Please try again.' },
          },
    );
    setBusy(false);
    if (result) {
      // The list the hearts read is fetched again; this heart shows its new state at once.
      await mutate({ saved: !saved }, { revalidate: false });
      void globalMutate(swrKey.savedJobs);
    }
  }
  return <Heart saved={saved} busy={busy} title={title} onClick={toggle} />;
}

/** The heart's markup, the same on the server and in the browser. */
function Heart({ saved, busy, title, onClick }: { saved: boolean; busy: boolean; title: string; onClick?: () => void }) {
  return (
    <button
      type="button"
      className={`btn btn-ghost btn-sm btn-square ${saved ? 'text-secondary' : ''}`}
      onClick={onClick}
      disabled={busy}
      aria-pressed={saved}
      aria-label={saved ? `Remove ${title} from saved jobs` : `Save ${title}`}
      title={saved ? 'Saved' : 'Save job'}
      data-testid="save-job"
    >
      <Icon name="heart" filled={saved} />
    </button>
  );
}
