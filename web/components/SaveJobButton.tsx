import { useState } from 'react';
import { mutate as globalMutate } from 'swr';
import { useSavedStatus } from '../data/hooks';
import { Icon } from './Icon';
import { useSignedInAction, write } from './writes';
import { client } from '../data/client';
import { to } from '../data/requests';
import { SUCCESS } from '../data/messages';
import { swrKey } from '../data/keys';

/** The save heart (product §4): filled when saved; visitors get 'Sign In Required'. */
export function SaveJobButton({ jobId, title }: { jobId: number; title: string }) {
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
  return (
    <button
      type="button"
      className={`btn btn-ghost btn-sm btn-square ${saved ? 'text-secondary' : ''}`}
      onClick={toggle}
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
