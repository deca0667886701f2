// The chosen school's panel on /school-admin (decisions 2101-2103): its tools (jobs, page), its
// members, and for its admins the invite form, pending claims and the audit log.
import { Link } from 'react-router-dom';
import {
  describeAudit,
  fieldsOf,
  messageOf,
  monthOf,
  staffApi,
  staffWrite,
  useSchoolAudit,
  useSchoolClaims,
  useSchoolMembers,
  type MySchools,
} from '../data/school-staff';
import { toast } from '../lib/toast-store';
import { useForm } from '../components/use-form';
import { useSubmit } from '../data/use-submit';
import { ClaimDecision } from '../components/fields';
import { formatDate } from '../lib/format';
import { LoadMore } from '../components/LoadMore';
import { UnopenedLine } from '../components/UnopenedClaims';

type Mine = MySchools['schools'][number];

export function SchoolPanel({ school }: { school: Mine }) {
  const admin = school.role === 'admin';
  return (
    <section aria-labelledby="school-panel" className="grid gap-4">
      <h2 id="school-panel" className="text-xl font-semibold">
        {school.name}
      </h2>
      <SchoolTools schoolId={school.schoolId} />
      <Members school={school} />
      {admin && <Invite schoolId={school.schoolId} />}
      {admin && <Claims schoolId={school.schoolId} />}
      {admin && <Audit schoolId={school.schoolId} />}
    </section>
  );
}

/** The school's own tools: its vacancies and its page (any member). */
function SchoolTools({ schoolId }: { schoolId: number }) {
  return (
    <nav aria-label="School tools" className="card bg-base-100 border border-base-300">
      <div className="card-body p-4 gap-2">
        <h3 className="card-title text-lg">Jobs and page</h3>
        <div className="flex flex-wrap gap-2">
          <Link to={`/manage/schools/${schoolId}/jobs/new`} className="btn btn-primary btn-sm tap" data-testid="admin-post-job">
            Post a job
          </Link>
          <Link to={`/manage/schools/${schoolId}/jobs`} className="btn btn-outline btn-sm tap" data-testid="admin-jobs">
            The school's jobs
          </Link>
          <Link to={`/edit-school/${schoolId}`} className="btn btn-outline btn-sm tap" data-testid="admin-edit-page">
            Edit the school page
          </Link>
        </div>
      </div>
    </nav>
  );
}

function Members({ school }: { school: Mine }) {
  const { data, error } = useSchoolMembers(school.schoolId);
  const admin = school.role === 'admin';
  return (
    <div className="card bg-base-100 border border-base-300">
      <div className="card-body p-4 gap-2">
        <h3 className="card-title text-lg">Members</h3>
        {error ? (
          <p className="text-error">{messageOf(error)}</p>
        ) : !data ? (
          <div className="skeleton h-16 w-full" />
        ) : (
          <ul className="grid gap-2" data-testid="members">
            {data.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center gap-2 border-b border-base-200 pb-2">
                <span className="font-medium">
                  {[m.firstName, m.lastName].filter(Boolean).join(' ') || 'A member'}
                  {m.you ? ' (you)' : ''}
                </span>
                {m.email && <span className="text-sm opacity-80">{m.email}</span>}
                <span className="text-sm opacity-80">since {monthOf(m.verifiedAt)}</span>
                {!m.live && <span className="badge badge-warning badge-sm">Lapsed</span>}
                {admin ? (
                  <>
                    <label className="sr-only" htmlFor={`role-${m.id}`}>
                      Role of {m.firstName ?? 'member'}
                    </label>
                    <select
                      id={`role-${m.id}`}
                      className="select select-bordered select-sm ml-auto"
                      value={m.role}
                      onChange={(e) =>
                        void staffWrite(() => staffApi.setRole(school.schoolId, m.id, e.target.value as 'admin' | 'editor'), {
                          title: 'Role changed',
                        })
                      }
                    >
                      <option value="editor">Editor</option>
                      <option value="admin">Admin</option>
                    </select>
                    {!m.you && (
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm tap"
                        onClick={() => void staffWrite(() => staffApi.remove(school.schoolId, m.id), { title: 'Member removed' })}
                      >
                        Remove
                      </button>
                    )}
                  </>
                ) : (
                  <span className="badge badge-outline ml-auto">{m.role === 'admin' ? 'Admin' : 'Editor'}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function Invite({ schoolId }: { schoolId: number }) {
  const f = useForm<{ email: string; role: 'admin' | 'editor' }>({ email: '', role: 'editor' }, { schemas: false });
  const { email, role } = f.values;
  const fieldError = f.errors.email;
  const { ref, onSubmit } = useSubmit(f, {
    check: () => ({ ok: true, data: f.values }),
    send: async (invite, fields) => {
      try {
        await staffApi.invite(schoolId, invite.email, invite.role);
        return true;
      } catch (err) {
        if (fieldsOf(err).email) fields(fieldsOf(err));
        else toast({ title: 'Not sent', description: messageOf(err), variant: 'destructive' });
        return null;
      }
    },
    done: () => {
      f.set('email', '');
      toast({ title: 'Invitation sent', description: 'The link works once, for 24 hours.' });
    },
  });
  return (
    <form ref={ref} className="card bg-base-100 border border-base-300" onSubmit={onSubmit} noValidate>
      <div className="card-body p-4 gap-2">
        <h3 className="card-title text-lg">Invite a colleague</h3>
        <label htmlFor="invite-email" className="font-medium">
          Their work email
        </label>
        <input
          id="invite-email"
          type="email"
          className={`input input-bordered w-full ${fieldError ? 'input-error' : ''}`}
          value={email}
          onChange={(e) => f.set('email', e.target.value)}
          aria-invalid={!!fieldError}
          aria-describedby={fieldError ? 'invite-email-error' : undefined}
        />
        {fieldError && (
          <span id="invite-email-error" className="text-error text-sm" role="alert">
            {fieldError}
          </span>
        )}
        <label htmlFor="invite-role" className="font-medium">
          Role
        </label>
        <select
          id="invite-role"
          className="select select-bordered w-full"
          value={role}
          onChange={(e) => f.set('role', e.target.value as 'admin' | 'editor')}
        >
          <option value="editor">Editor</option>
          <option value="admin">Admin</option>
        </select>
        <p className="text-sm opacity-80">
          Editors post vacancies, edit the page and answer reviews; admins also invite, approve and remove staff.
        </p>
        <div className="card-actions">
          <button type="submit" className="btn btn-primary btn-sm tap" disabled={f.busy || !email.trim()}>
            Send invitation
          </button>
        </div>
      </div>
    </form>
  );
}

function Claims({ schoolId }: { schoolId: number }) {
  const { claims, total, unopened, pages } = useSchoolClaims(schoolId);
  if (!claims || (claims.length === 0 && unopened === 0)) return null;
  return (
    <div className="card bg-base-100 border border-base-300" data-testid="school-claims">
      <div className="card-body p-4 gap-2">
        <h3 className="card-title text-lg">Requests to join{total ? ` (${total})` : ''}</h3>
        {unopened > 0 && <UnopenedLine count={unopened} />}
        <ul className="grid gap-3">
          {claims.map((c) => (
            <li key={c.id} className="grid gap-1 border-b border-base-200 pb-2">
              <span>
                <strong>{[c.claimant.firstName, c.claimant.lastName].filter(Boolean).join(' ') || 'Someone'}</strong> with {c.email}
              </span>
              <span className="text-sm opacity-80">Email confirmed, asked {formatDate(c.createdAt)}</span>
              <ClaimDecision
                inputId={`reason-${c.id}`}
                reasonLabel="Reason for rejecting"
                confirmed={c.state === 'pending'}
                approve={() => void staffWrite(() => staffApi.approveAtSchool(schoolId, c.id), { title: 'Approved' })}
                reject={(reason) => void staffWrite(() => staffApi.rejectAtSchool(schoolId, c.id, reason), { title: 'Rejected' })}
              />
            </li>
          ))}
        </ul>
        <LoadMore pages={pages} label="Load more requests" button="btn btn-outline btn-sm tap" />
      </div>
    </div>
  );
}

function Audit({ schoolId }: { schoolId: number }) {
  const { data } = useSchoolAudit(schoolId);
  return (
    <details className="card bg-base-100 border border-base-300">
      <summary className="card-body p-4 cursor-pointer font-semibold tap">Audit log</summary>
      <ul className="px-4 pb-4 grid gap-1 text-sm">
        {(data ?? []).map((e) => (
          <li key={e.id}>
            {formatDate(e.at)}: {describeAudit(e)}
            {e.actor ? ` (by ${e.actor})` : ''}
          </li>
        ))}
      </ul>
    </details>
  );
}
