// Dashboard → Admin: the school image updater (product §2 dashboard, §4 batch image states, §8).
// Starts a background batch, polls its progress every second (SWR refreshInterval) and shows a real progress bar,
// then the result: updated count and the 'no image found' count (processed − updated).
import type { InferResponseType } from 'hono/client';
import { useState } from 'react';
import { useApi } from '../../data/use-api';
import { useAuth } from '../../data/auth';
import { client, json } from '../../data/client';
import { to } from '../../data/requests';
import { toast, type ToastInput as Toast } from '../../lib/toast-store';
import { swrKey } from '../../data/keys';
import { imagesUpdated } from '../../data/messages';
import { TitledCard } from '../../components/fields';

type BatchUpdate = (typeof client.schools.images)['batch-update'];
/** POST /api/schools/images/batch-update's answer (202): the batch just started. */
export type BatchStarted = InferResponseType<BatchUpdate['$post'], 202>;
/** GET /api/schools/images/batch-update/:id's answer: the batch's progress. */
export type BatchProgress = InferResponseType<BatchUpdate[':id']['$get'], 200>;
type BatchStatus = BatchStarted | BatchProgress;

export const POLL_MS = 1000;
const BATCH_SIZES = [25, 100, 500, 5000] as const;

const UPDATE_FAILED: Toast = {
  title: 'Update Failed',
  description: 'Failed to update school images. Please try again.',
  variant: 'destructive',
};
const noImageCount = (b: Pick<BatchStatus, 'processed' | 'updated'>) => Math.max(0, b.processed - b.updated);

type State = { phase: 'idle' } | { phase: 'running'; batch: BatchStatus } | { phase: 'done'; batch: BatchStatus };

/** A batch of the given size: started by start(), then polled until it is done. */
function useImageBatch(limit: number) {
  const [state, setState] = useState<State>({ phase: 'idle' });

  // Polls the running batch with SWR every POLL_MS; the key is null (no polling) once it is done.
  const runningId = state.phase === 'running' ? state.batch.id : null;
  useApi(
    runningId ? swrKey.imageBatch(runningId) : null,
    ([, id]) => json(client.schools.images['batch-update'][':id'].$get({ param: { id } })),
    {
      refreshInterval: POLL_MS,
      dedupingInterval: 0, // else SWR's 2 s de-duplication would stretch the 1 s poll
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      onSuccess(batch) {
        if (batch.status === 'done') {
          setState({ phase: 'done', batch });
          toast(imagesUpdated(batch.updated));
        } else setState({ phase: 'running', batch });
      },
      onError() {
        setState({ phase: 'idle' });
        toast(UPDATE_FAILED);
      },
    },
  );

  async function start() {
    try {
      const { send } = await import('../../data/mutations'); // the outbox loads with the first write
      const res = await send<BatchStarted>({
        kind: 'admin',
        ...to(client.schools.images['batch-update'], '$post', { query: { limit: String(limit) } }),
        label: 'School images',
      });
      if (res.status !== 'sent') throw new Error('not sent');
      setState({ phase: 'running', batch: res.data });
    } catch {
      toast(UPDATE_FAILED);
    }
  }
  return { state, start };
}

export function SchoolImageUpdater() {
  const { user } = useAuth();
  const [limit, setLimit] = useState<number>(100);
  const { state, start } = useImageBatch(limit);

  if (!user?.isAdmin) {
    return (
      <TitledCard id="image-updater-title" title="School images" body="">
        <p className="text-sm text-base-content/70">Only administrators can update school images.</p>
      </TitledCard>
    );
  }

  const batch = state.phase === 'idle' ? null : state.batch;
  const percent = batch && batch.total ? Math.round((batch.processed / batch.total) * 100) : state.phase === 'done' ? 100 : 0;
  return (
    <TitledCard id="image-updater-title" title="School images" body="gap-3" testId="school-image-updater">
      <p className="text-sm text-base-content/70">
        Finds an authentic picture for schools without one, from the school's own website (its og:image or a photo named after the school).
        Images set by hand are never replaced.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="form-control">
          <span className="label-text text-sm">Schools per batch</span>
          <select
            className="select select-sm"
            value={limit}
            onChange={(e) => setLimit(Number(e.target.value))}
            disabled={state.phase === 'running'}
          >
            {BATCH_SIZES.map((n) => (
              <option key={n} value={n}>
                {n === 5000 ? 'All (slow)' : n}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-primary btn-sm" onClick={start} disabled={state.phase === 'running'}>
          {state.phase === 'running' && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {state.phase === 'running' ? 'Updating…' : 'Update School Images'}
        </button>
      </div>
      {batch && (
        <div>
          <progress
            className="progress progress-primary w-full"
            value={batch.processed}
            max={Math.max(1, batch.total)}
            aria-label="School images progress"
          />
          <p className="text-sm" data-testid="image-progress">
            {batch.processed} of {batch.total} schools checked ({percent}%)
          </p>
        </div>
      )}
      {state.phase === 'done' && <BatchResult batch={state.batch} />}
    </TitledCard>
  );
}

/** The finished batch: how many schools got an image and how many had none to find. */
function BatchResult({ batch }: { batch: BatchStatus }) {
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm" data-testid="image-result">
      <div>
        <dt className="text-base-content/70">Updated</dt>
        <dd className="text-xl font-semibold">{batch.updated}</dd>
      </div>
      <div>
        <dt className="text-base-content/70">No image found</dt>
        <dd className="text-xl font-semibold">{noImageCount(batch)}</dd>
      </div>
    </dl>
  );
}
