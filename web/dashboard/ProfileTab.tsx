// The Profile tab (product §2): first name, last name and email, read-only (the identity provider
// manages the profile), and Sign Out. Privacy rights (decision 1421): where you are signed in, "Download
// my data" (GET /api/me/export) and "Delete my account" (DELETE /api/me after typing DELETE).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ACCOUNT_DELETE_WORD } from '../../core/constants';
import type { CurrentUser } from '../data/auth';
import { Dialog, DialogActions } from '../components/Dialog';
import { TextField, TitledCard } from '../components/fields';
import { firstError, useForm } from '../components/use-form';
import { useSubmit, type Checked } from '../data/use-submit';
import { SignOutButton } from '../features/account/SignOutButton';
import { ReminderSettings } from '../features/alerts/ReminderSettings';
import { NotificationSettings } from '../features/alerts/NotificationSettings';
import { clearOfflineData } from '../offline/db';
import { SessionsPart } from './SessionsPart';
import { client } from '../data/client';
import { to } from '../data/requests';
import { SUCCESS } from '../data/messages';

function ReadOnlyField({ id, label, value }: { id: string; label: string; value: string | null }) {
  return (
    <div>
      <label htmlFor={id} className="label text-sm font-medium mb-1 block">
        {label}
      </label>
      <input id={id} className="input w-full bg-base-200" value={value ?? ''} placeholder="Not provided" readOnly />
    </div>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const f = useForm({ typed: '' }, { schemas: false });
  const { typed } = f.values;
  const { ref, onSubmit } = useSubmit(f, {
    check: (): Checked<typeof ACCOUNT_DELETE_WORD> =>
      typed === ACCOUNT_DELETE_WORD
        ? { ok: true, data: ACCOUNT_DELETE_WORD }
        : { ok: false, fields: { confirm: `Type ${ACCOUNT_DELETE_WORD} to confirm` } },
    write: (confirm) => ({
      request: { kind: 'account', ...to(client.me, '$delete', { json: { confirm } }) },
      messages: {
        success: SUCCESS.accountDeleted,
        signIn: 'Please sign in to delete your account.',
        error: { description: 'Failed to delete your account. Please try again.' },
      },
    }),
    done: async () => {
      // Nothing of the account stays on this device either.
      await clearOfflineData().catch(() => undefined);
      window.location.assign('/');
    },
  });
  return (
    <>
      <button type="button" className="btn btn-error btn-outline" onClick={() => setOpen(true)}>
        Delete my account
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Delete your account">
        <form ref={ref} onSubmit={onSubmit} noValidate>
          <div className="text-sm grid gap-2 mb-2">
            <p>
              This deletes your account, your sessions (you are signed out everywhere), your saved jobs and alerts. It cannot be undone.
            </p>
            <p>
              Your reviews, interviews, salaries, moods and forum posts stay on the site as anonymous content, with no link to you. Download
              your data first if you want a copy.
            </p>
          </div>
          <TextField
            label={`Type ${ACCOUNT_DELETE_WORD} to confirm`}
            {...f.field('typed', 'delete-confirm')}
            error={firstError(f.errors, 'confirm')}
            autoComplete="off"
          />
          <DialogActions onCancel={() => setOpen(false)}>
            <button type="submit" className="btn btn-error" disabled={f.busy || typed !== ACCOUNT_DELETE_WORD}>
              {f.busy && <span className="loading loading-spinner loading-sm" />}
              Delete my account permanently
            </button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}

export function ProfileTab({ user }: { user: CurrentUser }) {
  return (
    <div className="grid gap-4">
      <TitledCard id="profile-heading" title="Profile" body="gap-4" heading="">
        <div className="grid gap-4 sm:grid-cols-2">
          <ReadOnlyField id="profile-first-name" label="First Name" value={user.firstName} />
          <ReadOnlyField id="profile-last-name" label="Last Name" value={user.lastName} />
          <div className="sm:col-span-2">
            <ReadOnlyField id="profile-email" label="Email" value={user.email} />
          </div>
        </div>
        <ReminderSettings />
        <NotificationSettings />
        <p className="text-sm opacity-70">Your name and email come from the account you sign in with; change them there.</p>
        <div className="card-actions">
          <SignOutButton className="btn btn-outline btn-error" />
        </div>
      </TitledCard>
      <SessionsPart />
      <TitledCard id="data-heading" title="Your data" body="gap-3" heading="">
        <p className="text-sm opacity-80">
          Download a copy of everything we hold about you, or delete your account. See the{' '}
          <Link className="link" to="/privacy-policy">
            Privacy Policy
          </Link>{' '}
          for what we keep and why.
        </p>
        <div className="card-actions">
          <a className="btn btn-outline" href="/api/me/export" download>
            Download my data
          </a>
          <DeleteAccount />
        </div>
      </TitledCard>
    </div>
  );
}
