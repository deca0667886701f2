// /schools/:id/claim: "Work here? Manage this page". A signed-in member of staff asks for a
// one-time link at their work address (decision 2101); DfE Sign-in is the other way in (2102).
// The form names the domains that may claim the school, and says why the register website's
// domain does not count when it is a council's, a hosting service's or several schools' (2113).
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Breadcrumb, EmptyState, ErrorState } from '../components/states';
import { loginHref, useAuth } from '../data/auth';
import { useSchool } from '../data/hooks';
import { useForm } from '../components/use-form';
import { useSubmit } from '../data/use-submit';
import { fieldsOf, messageOf, staffApi, useClaimDomains, useMySchools, type ClaimDomains } from '../data/school-staff';

export function SchoolClaimPage() {
  const id = Number(useParams().id);
  const { data: school, error, mutate } = useSchool(Number.isInteger(id) && id > 0 ? id : undefined);
  const { isAuthenticated, isLoading } = useAuth();
  const { data: mine } = useMySchools();
  const [sentTo, setSentTo] = useState<string>();
  const member = mine?.schools.find((s) => s.schoolId === id);

  if (error)
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <ErrorState error={error} retry={() => mutate()} />
      </div>
    );
  const name = school?.name ?? 'this school';

  return (
    <div className="mx-auto max-w-xl px-4 py-6">
      <Breadcrumb items={[{ to: '/schools', label: 'Schools' }, { to: `/schools/${id}`, label: name }, { label: 'Manage this page' }]} />
      <h1 className="text-2xl font-bold mt-2">Work at {name}?</h1>
      <p className="mt-2 opacity-80">
        Staff of a school can keep its page right, post its vacancies and answer reviews. They never see who wrote a review.
      </p>
      {isLoading ? (
        <div className="skeleton h-40 w-full mt-4" />
      ) : !isAuthenticated ? (
        <EmptyState icon="school" title="Sign in first">
          <p>Sign in with your own account, then confirm your work email.</p>
          <a href={loginHref(`/schools/${id}/claim`)} className="btn btn-primary btn-sm mt-3 tap">
            Sign In
          </a>
        </EmptyState>
      ) : member?.live ? (
        <div className="alert mt-4" role="status">
          <span>
            You already manage this page as {member.role === 'admin' ? 'an admin' : 'an editor'}.{' '}
            <Link to={`/school-admin?school=${id}`} className="link link-primary">
              Open the school dashboard
            </Link>
          </span>
        </div>
      ) : sentTo ? (
        <ClaimSent sentTo={sentTo} name={name} />
      ) : (
        <ClaimForm id={id} onSent={setSentTo} />
      )}
    </div>
  );
}

/** After the request: where the link went, and what happens next. */
function ClaimSent({ sentTo, name }: { sentTo: string; name: string }) {
  return (
    <div className="card bg-base-100 border border-base-300 mt-4" role="status" data-testid="claim-sent">
      <div className="card-body gap-2">
        <h2 className="card-title">Check your inbox</h2>
        <p>
          We sent a link to <strong>{sentTo}</strong>. Open it on this device while signed in: it works once, for 24 hours.
        </p>
        <p className="text-sm opacity-80">
          Then our team, or an admin of {name}, checks your request. We may ring the school on the number the register lists for it.
        </p>
      </div>
    </div>
  );
}

/** The work address, sent for a one-time link; `onSent` gets the address it went to. */
function ClaimForm({ id, onSent }: { id: number; onSent: (address: string) => void }) {
  const f = useForm({ email: '' }, { schemas: false });
  const { data: domains } = useClaimDomains(id);
  const { email } = f.values;
  const fieldError = f.errors.email;
  const [failure, setFailure] = useState<string>();
  const { ref, onSubmit } = useSubmit(f, {
    check: () => ({ ok: true, data: email }),
    send: async (address, fields) => {
      setFailure(undefined);
      try {
        await staffApi.claim(id, address);
        return true;
      } catch (err) {
        if (fieldsOf(err).email) fields(fieldsOf(err));
        else setFailure(messageOf(err));
        return null;
      }
    },
    done: () => onSent(email.trim().toLowerCase()),
  });
  return (
    <form ref={ref} className="card bg-base-100 border border-base-300 mt-4" onSubmit={onSubmit} noValidate>
      <div className="card-body gap-3">
        <h2 className="card-title">Confirm your work email</h2>
        <label className="block w-full" htmlFor="claim-email">
          <span className="block font-medium mb-1">Work email address</span>
          <input
            id="claim-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            className={`input input-bordered w-full ${fieldError ? 'input-error' : ''}`}
            value={email}
            onChange={(e) => f.set('email', e.target.value)}
            aria-invalid={!!fieldError}
            aria-describedby={fieldError ? 'claim-email-error' : 'claim-email-hint'}
            required
          />
          <span id="claim-email-hint" className="block text-sm opacity-80 mt-1">
            {domains && domains.domains.length > 0
              ? `An address at ${domains.domains.join(' or ')} (or a part of it), not a personal one.`
              : "An address at the school's own domain (the one its website uses), not a personal one."}
          </span>
          {fieldError && (
            <span id="claim-email-error" className="block text-error text-sm mt-1" role="alert">
              {fieldError}
            </span>
          )}
        </label>
        {domains?.notOwn && <NotOwnDomain domains={domains} />}
        {failure && (
          <p className="text-error" role="alert">
            {failure}
          </p>
        )}
        <div className="card-actions">
          <button type="submit" className="btn btn-primary tap" disabled={f.busy || !email.trim()}>
            {f.busy ? 'Sending…' : 'Send me a link'}
          </button>
        </div>
        <p className="text-sm opacity-80">
          Your school uses DfE Sign-in? Signing in with it makes you a member of your school at once, where this site offers it.
        </p>
      </div>
    </form>
  );
}

/** Why the register website's domain cannot show that someone works at the school, and what to do instead. */
function NotOwnDomain({ domains }: { domains: ClaimDomains }) {
  return (
    <div className="alert alert-info text-sm" role="note" data-testid="claim-not-own-domain">
      <span>
        {domains.notOwn?.message}{' '}
        {domains.domains.length > 0
          ? `Use an address at ${domains.domains.join(' or ')}.`
          : "Sign in with DfE Sign-in, or ask us to add your school's or trust's own domain."}
      </span>
    </div>
  );
}
