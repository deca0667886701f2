// The save heart's write (SaveJobButton.tsx), loaded with the first tap: the outbox's send, the
// toasts and their texts are not on the first render of the pages that show hearts.
import { client } from '../../data/client';
import { SUCCESS } from '../../data/messages';
import { to } from '../../data/requests';
import { write } from '../../data/writes';

/** Saves the job (or removes it when `saved`); true when it was sent or queued. */
export async function saveJob(jobId: number, title: string, saved: boolean): Promise<boolean> {
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
  return result !== null;
}
