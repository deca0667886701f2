// "Edit this page" (decision 2110): a school's verified staff write "About the school" (the safe
// Markdown subset, with the job form's Write/Preview, rendered by the server), the school's own
// link, its own figures beside the register's, and upload its photo. Anyone else is told only staff can edit. Online only: a photo cannot wait in the outbox.
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PROFILE_LIMITS, SCHOOL_PHASES } from '../../core/constants';
import { Field, fieldProps } from '../components/Dialog';
import { Icon } from '../components/Icon';
import { MarkdownField } from '../features/markdown-editor/MarkdownField';
import { check } from '../components/check';
import { SelectField, TextField, TitledCard } from '../components/fields';
import { Breadcrumb, CardSkeleton, EmptyState, ErrorState } from '../components/states';
import { toast } from '../lib/toast-store';
import { useForm } from '../components/use-form';
import { useSubmit } from '../data/use-submit';
import { write } from '../data/writes';
import { useAuth } from '../data/auth';
import { client } from '../data/client';
import { useSchoolProfile } from '../data/hooks';
import { refreshAfterWrite } from '../data/refresh';
import { to } from '../data/requests';
import { formatMonth } from '../lib/format';

type Profile = NonNullable<ReturnType<typeof useSchoolProfile>['data']>;

const text = (v: string | number | null | undefined) => (v == null ? '' : String(v));

/** The photo's upload (sent straight away, never queued: a photo cannot wait in the outbox) and its removal. */
function usePhoto(id: number) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const upload = async (file: File) => {
    setError(undefined);
    if (file.size > PROFILE_LIMITS.photoBytes) return setError('The photo must be 5 MB or smaller');
    setBusy(true);
    try {
      const res = await fetch(`/api/schools/${id}/photo`, {
        method: 'PUT',
        credentials: 'include',
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
        body: file,
      });
      const body = (await res.json().catch(() => null)) as { error?: string; fields?: { photo?: string } } | null;
      if (!res.ok) return setError(body?.fields?.photo ?? body?.error ?? 'The photo could not be uploaded');
      toast({ title: 'Photo updated', description: 'It now shows on the school page.' });
      // Sent outside send() (a file, not JSON): what it touches is read again here (decision 0015).
      refreshAfterWrite('PUT', `/api/schools/${id}/photo`);
    } catch {
      setError('You seem to be offline: try again when you are connected');
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  const remove = async () => {
    await write(
      { kind: 'school', ...to(client.schools[':id'].photo, '$delete', { param: { id: String(id) } }) },
      {
        success: { title: 'Photo removed' },
        signIn: 'Please sign in to edit the school page.',
        error: { description: 'The photo could not be removed.' },
      },
    );
  };
  return { input, busy, error, upload, remove };
}

function PhotoPart({ id, profile }: { id: number; profile: Profile }) {
  const { input, busy, error, upload, remove } = usePhoto(id);
  return (
    <TitledCard id="photo-heading" title="Photo" body="p-4 gap-3">
      {profile.photo ? (
        <img
          src={profile.photo.smallUrl}
          alt="The school as it shows on its page now"
          width={400}
          height={Math.round((400 * profile.photo.height) / profile.photo.width)}
          className="rounded-box w-full h-auto"
        />
      ) : (
        <p className="text-sm opacity-80">No photo yet: the page shows the school's initials.</p>
      )}
      <Field
        id="photo"
        label="Upload a photo"
        error={error}
        hint="JPEG, PNG or WebP, up to 5 MB and at least 400 pixels wide. Location and camera details are removed."
      >
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="file-input w-full"
          {...fieldProps('photo', error)}
          disabled={busy}
          onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])}
        />
      </Field>
      {busy && (
        <p role="status" className="text-sm">
          Uploading…
        </p>
      )}
      {profile.photo && (
        <button type="button" className="btn btn-outline btn-sm w-fit" onClick={() => void remove()}>
          Remove the photo
        </button>
      )}
    </TitledCard>
  );
}

const FIGURES = [
  ['pupils', 'Number of pupils'],
  ['staff', 'Number of staff (people)'],
] as const;

function DetailsForm({ id, profile }: { id: number; profile: Profile }) {
  const initial = {
    about: text(profile.about),
    website: text(profile.website),
    pupils: text(profile.corrections.pupils?.value),
    staff: text(profile.corrections.staff?.value),
    phase: text(profile.corrections.phase?.value),
  };
  const f = useForm(initial);
  const { values } = f;
  const { ref, onSubmit } = useSubmit(f, {
    check: async () => {
      const body = { about: values.about, website: values.website, pupils: values.pupils, staff: values.staff, phase: values.phase };
      const checked = await check('schoolProfileInput', body);
      return checked.ok ? { ok: true, data: body } : checked;
    },
    write: (json) => ({
      request: { kind: 'school', ...to(client.schools[':id'].profile, '$patch', { param: { id: String(id) }, json }) },
      messages: {
        success: { title: 'School page updated', description: 'Readers see it now.' },
        signIn: 'Please sign in to edit the school page.',
        error: { description: 'The school page could not be saved.' },
      },
    }),
  });
  const dated = (by: { at: string | Date } | null) =>
    by
      ? `Provided by the school, ${formatMonth(by.at)}. Leave empty to remove it.`
      : "Shown beside the register's figure, dated this month.";
  return (
    <form ref={ref} onSubmit={onSubmit} noValidate className="card bg-base-100 border border-base-300">
      <div className="card-body p-4 gap-2">
        <h2 className="card-title text-lg">About the school</h2>
        <MarkdownField label="About the school" {...f.field('about')} maxLength={PROFILE_LIMITS.about} />
        <p className="text-xs opacity-70 text-right" aria-live="polite">
          {values.about.length.toLocaleString('en-GB')} / {PROFILE_LIMITS.about.toLocaleString('en-GB')}
        </p>
        <TextField
          label="Website"
          {...f.field('website')}
          hint="The link readers follow from the page."
          type="url"
          inputMode="url"
          placeholder="https://"
        />
        <h3 className="font-semibold mt-2">The school's own figures</h3>
        <p className="text-sm opacity-80">The register's figures are never changed: yours show beside them.</p>
        {FIGURES.map(([key, label]) => (
          <TextField
            key={key}
            label={label}
            {...f.field(key)}
            hint={dated(profile.corrections[key])}
            type="number"
            inputMode="numeric"
            min={1}
          />
        ))}
        <SelectField
          label="Phase"
          {...f.field('phase')}
          hint={dated(profile.corrections.phase)}
          options={SCHOOL_PHASES}
          empty="As the register says"
        />
        <button type="submit" className="btn btn-primary mt-2" disabled={f.busy}>
          {f.busy ? 'Saving…' : 'Save the page'}
        </button>
      </div>
    </form>
  );
}

export function SchoolPageEditor() {
  const id = Number(useParams().id);
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  const { data: profile, error, isLoading, mutate: retry } = useSchoolProfile(Number.isInteger(id) && id > 0 ? id : undefined);
  const back = (
    <Link to={`/schools/${id}`} className="link link-primary tap">
      Back to the school page
    </Link>
  );
  if (!authLoading && !isAuthenticated)
    return (
      <div className="mx-auto max-w-2xl px-4 py-8">
        <EmptyState icon="school" title="Sign in to edit this page">
          Only the school's verified staff can edit its page. {back}
        </EmptyState>
      </div>
    );
  if (error)
    return (
      <div className="mx-auto max-w-2xl px-4 py-8">
        <ErrorState error={error} retry={() => void retry()} />
      </div>
    );
  if (authLoading || isLoading || profile === undefined)
    return (
      <div className="mx-auto max-w-2xl px-4 py-8">
        <CardSkeleton lines={6} />
      </div>
    );
  if (profile === null)
    return (
      <div className="mx-auto max-w-2xl px-4 py-8">
        <EmptyState icon="school" title="Only the school's staff can edit this page">
          {back}
        </EmptyState>
      </div>
    );
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 grid grid-cols-1 gap-4">
      <Breadcrumb items={[{ to: '/schools', label: 'Schools' }, { to: `/schools/${id}`, label: profile.schoolName }, { label: 'Edit' }]} />
      <h1 className="text-2xl font-bold flex items-center gap-2">
        <Icon name="school" className="size-6" /> Edit {profile.schoolName}
      </h1>
      <p className="text-sm opacity-80">Changes show on the school page at once and are kept in the school's audit log.</p>
      <PhotoPart id={id} profile={profile} />
      <DetailsForm key={profile.about ?? ''} id={id} profile={profile} />
      {back}
    </div>
  );
}
