// The Profile tab (product §2): first name, last name and email, read-only (the identity provider
// manages the profile), and Sign Out.
import type { CurrentUser } from '../data/auth';
import { SignOutButton } from '../components/SignOutButton';

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

export function ProfileTab({ user }: { user: CurrentUser }) {
  return (
    <section aria-labelledby="profile-heading" className="card bg-base-100 border border-base-300">
      <div className="card-body gap-4">
        <h2 id="profile-heading" className="card-title">
          Profile
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <ReadOnlyField id="profile-first-name" label="First Name" value={user.firstName} />
          <ReadOnlyField id="profile-last-name" label="Last Name" value={user.lastName} />
          <div className="sm:col-span-2">
            <ReadOnlyField id="profile-email" label="Email" value={user.email} />
          </div>
        </div>
        <p className="text-sm opacity-70">Your name and email come from the account you sign in with; change them there.</p>
        <div className="card-actions">
          <SignOutButton className="btn btn-outline btn-error" />
        </div>
      </div>
    </section>
  );
}
