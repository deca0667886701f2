// /school-admin: the school's own dashboard (decisions 2101-2103). My schools (role, month
// verified, lapse), my claims, DfE Sign-in organisations not supported yet; for the chosen
// school its members, and for its admins the invite form, pending claims and the audit log.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Breadcrumb, EmptyState, ErrorState, SkeletonList } from '../components/states';
import { loginHref, useAuth } from '../data/auth';
import { staffApi, staffWrite, useMySchools, type MySchools } from '../data/school-staff';
import { TitledCard } from '../components/fields';
import { formatDate } from '../lib/format';
import { SchoolPanel } from './SchoolPanel';

type Mine = MySchools['schools'][number];

export function SchoolAdminPage() {
  const { isAuthenticated, isLoading } = useAuth();
  const { data, error, mutate } = useMySchools();
  const [params, setParams] = useSearchParams();
  const chosenId = Number(params.get('school')) || data?.schools.find((s) => s.live)?.schoolId;
  const chosen = data?.schools.find((s) => s.schoolId === chosenId && s.live);

  return (
    <div className="mx-auto max-w-4xl px-4 py-6">
      <Breadcrumb items={[{ to: '/dashboard', label: 'Dashboard' }, { label: 'School dashboard' }]} />
      <h1 className="text-3xl font-bold mt-2 mb-4">School dashboard</h1>
      {isLoading ? (
        <SkeletonList count={2} lines={3} />
      ) : !isAuthenticated ? (
        <EmptyState icon="school" title="Sign in to manage your school">
          <a href={loginHref('/school-admin')} className="btn btn-primary btn-sm mt-3 tap">
            Sign In
          </a>
        </EmptyState>
      ) : error ? (
        <ErrorState error={error} retry={() => mutate()} />
      ) : !data ? (
        <SkeletonList count={2} lines={3} />
      ) : (
        <div className="grid gap-4">
          <section aria-labelledby="my-schools">
            <h2 id="my-schools" className="text-xl font-semibold mb-2">
              My schools
            </h2>
            {data.schools.length === 0 ? (
              <EmptyState icon="school" title="You manage no school yet">
                Open your school's page and choose "Work here? Manage this page".{' '}
                <Link to="/schools" className="link link-primary">
                  Find your school
                </Link>
              </EmptyState>
            ) : (
              <ul className="grid gap-2">
                {data.schools.map((s) => (
                  <MySchoolCard
                    key={s.schoolId}
                    school={s}
                    selected={s.schoolId === chosen?.schoolId}
                    onSelect={() => setParams({ school: String(s.schoolId) })}
                  />
                ))}
              </ul>
            )}
          </section>
          {data.claims.length > 0 && <MyClaims claims={data.claims} />}
          {data.notSupported.length > 0 && (
            <div className="alert" role="note">
              <span>
                DfE Sign-in: {data.notSupported[0].name} ({data.notSupported[0].category}) is not supported yet.{' '}
                {data.notSupported[0].reason}
              </span>
            </div>
          )}
          {chosen && <SchoolPanel school={chosen} />}
        </div>
      )}
    </div>
  );
}

/** Her requests to manage a school, each with where it stands. */
function MyClaims({ claims }: { claims: MySchools['claims'] }) {
  return (
    <TitledCard id="my-claims" title="My requests" body="gap-2 p-4">
      <ul className="grid gap-1">
        {claims.map((c) => (
          <li key={c.id} className="text-sm">
            {c.schoolName} ({c.email}):{' '}
            <strong>
              {c.state === 'pending-email'
                ? 'waiting for you to open the email link'
                : c.state === 'pending'
                  ? 'waiting for a check'
                  : c.state}
            </strong>
            {c.reason ? ` (${c.reason})` : ''}
          </li>
        ))}
      </ul>
    </TitledCard>
  );
}

function MySchoolCard({ school: s, selected, onSelect }: { school: Mine; selected: boolean; onSelect: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <li className={`card bg-base-100 border ${selected ? 'border-primary' : 'border-base-300'}`} data-testid="my-school">
      <div className="card-body p-4 gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`/schools/${s.schoolId}`} className="font-semibold link link-hover">
            {s.name}
          </Link>
          <span className="badge badge-outline">{s.role === 'admin' ? 'Admin' : 'Editor'}</span>
          {!s.live && <span className="badge badge-warning">Lapsed</span>}
        </div>
        <p className="text-sm opacity-80">
          Verified {s.verifiedMonth}
          {s.method === 'dfe-sign-in' ? ' through DfE Sign-in' : s.email ? ` with ${s.email}` : ''}.{' '}
          {s.live ? `Confirm again before ${formatDate(s.lapsesAt)}.` : `Lapsed on ${formatDate(s.lapsesAt)}.`}
        </p>
        <div className="card-actions">
          {s.live && !selected && (
            <button type="button" className="btn btn-sm btn-primary tap" onClick={onSelect}>
              Manage
            </button>
          )}
          {s.email && (
            <button
              type="button"
              className="btn btn-sm btn-outline tap"
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                await staffWrite(() => staffApi.confirm(s.schoolId), {
                  title: 'Link sent',
                  description: `Open the link we sent to ${s.email}.`,
                });
                setBusy(false);
              }}
            >
              Confirm by email
            </button>
          )}
          <button
            type="button"
            className="btn btn-sm btn-ghost tap"
            disabled={busy}
            onClick={async () => {
              if (!confirm(`Leave the staff of ${s.name}?`)) return;
              setBusy(true);
              await staffWrite(() => staffApi.leave(s.schoolId), { title: 'You left', description: `You no longer manage ${s.name}.` });
              setBusy(false);
            }}
          >
            Leave
          </button>
        </div>
      </div>
    </li>
  );
}
