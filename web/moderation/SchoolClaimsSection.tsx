// The school side in /moderation, for site admins (decisions 2101-2103, 2113): the claims queue
// (confirmed claims a page at a time, the unopened ones only counted) with the register's phone
// number for a call-back, the address used and the domain rule that matched; the trust domains
// of a school; every school's audit log.
import { Link } from 'react-router-dom';
import { LoadMore } from '../components/LoadMore';
import { UnopenedLine } from '../components/UnopenedClaims';
import { fieldsOf, describeAudit, staffApi, staffWrite, useAllSchoolAudit, useClaimsQueue } from '../data/school-staff';
import { formatDate } from '../lib/format';
import { firstError, useForm } from '../components/use-form';
import { useSubmit } from '../data/use-submit';
import { ClaimDecision } from '../components/fields';
import { toast } from '../lib/toast-store';

const RULES = {
  'register-website': "the register website's domain",
  'admin-added': 'a domain a site admin trusts for this school',
} as const;

export function SchoolClaimsSection() {
  const { claims, total, unopened, pages } = useClaimsQueue(true);
  return (
    <section className="card bg-base-100 border border-base-300" aria-labelledby="claims-heading" data-testid="claims-queue">
      <div className="card-body p-4 gap-3">
        <h2 id="claims-heading" className="card-title">
          School claims{total !== undefined ? ` (${total})` : ''}
        </h2>
        {claims && claims.length === 0 && <p className="opacity-80">No confirmed claims waiting.</p>}
        {unopened > 0 && <UnopenedLine count={unopened} />}
        <ul className="grid gap-3">
          {(claims ?? []).map((c) => (
            <li key={c.id} className="grid gap-1 border-b border-base-200 pb-3" data-testid="claim">
              <p>
                <strong>{[c.claimant.firstName, c.claimant.lastName].filter(Boolean).join(' ') || 'Someone'}</strong> claims{' '}
                <Link to={`/schools/${c.school.id}`} className="link link-primary">
                  {c.school.name}
                </Link>{' '}
                (URN {c.school.urn})
              </p>
              <p className="text-sm">
                Address used: <strong>{c.email}</strong>, matched {RULES[c.domainRule]} <code>{c.domain}</code>
                {c.sharedWith > 0 ? `, which ${c.sharedWith} other school${c.sharedWith === 1 ? '' : 's'} also use` : ''}.
              </p>
              <p className="text-sm">
                Call-back:{' '}
                {c.school.phoneNumber ? (
                  <a href={`tel:${c.school.phoneNumber.replace(/\s+/g, '')}`} className="link">
                    {c.school.phoneNumber}
                  </a>
                ) : (
                  'no number in the register'
                )}
                {' · '}email confirmed {formatDate(c.emailConfirmedAt ?? c.createdAt)}
              </p>
              <ClaimDecision
                inputId={`claim-reason-${c.id}`}
                reasonLabel={`Reason for rejecting the claim of ${c.school.name}`}
                confirmed={c.state === 'pending'}
                approve={() =>
                  void staffWrite(() => staffApi.approve(c.id), {
                    title: 'Claim approved',
                    description: `${c.email} now manages ${c.school.name}.`,
                  })
                }
                reject={(reason) => void staffWrite(() => staffApi.reject(c.id, reason), { title: 'Claim rejected' })}
              />
            </li>
          ))}
        </ul>
        <LoadMore pages={pages} label="Load more claims" button="btn btn-outline btn-sm tap" />
        <TrustDomainForm />
      </div>
    </section>
  );
}

function TrustDomainForm() {
  const f = useForm({ schoolId: '', domain: '' }, { schemas: false });
  const { schoolId, domain } = f.values;
  const { ref, onSubmit } = useSubmit(f, {
    check: () => ({ ok: true, data: f.values }),
    send: async (trust, fields) => {
      try {
        await staffApi.addDomain(Number(trust.schoolId), trust.domain);
      } catch (err) {
        const given = fieldsOf(err);
        fields(Object.keys(given).length ? given : { domain: (err as Error).message });
        return null;
      }
      toast({ title: 'Domain trusted', description: `Addresses at ${trust.domain} may now claim school ${trust.schoolId}.` });
      return true;
    },
    done: () => f.set('domain', ''),
  });
  return (
    <form ref={ref} onSubmit={onSubmit} className="grid gap-2 border-t border-base-200 pt-3" noValidate>
      <h3 className="font-semibold">Trust a domain for a school (a trust's)</h3>
      <div className="flex flex-wrap gap-2 items-end">
        <label className="grid gap-1 text-sm" htmlFor="trust-school">
          School id
          <input
            id="trust-school"
            className="input input-bordered input-sm w-28"
            inputMode="numeric"
            value={schoolId}
            onChange={(e) => f.set('schoolId', e.target.value)}
          />
        </label>
        <label className="grid gap-1 text-sm flex-1 min-w-40" htmlFor="trust-domain">
          Domain
          <input
            id="trust-domain"
            className="input input-bordered input-sm"
            value={domain}
            onChange={(e) => f.set('domain', e.target.value)}
          />
        </label>
        <button type="submit" className="btn btn-sm btn-primary tap" disabled={!schoolId || !domain}>
          Add
        </button>
      </div>
      {firstError(f.errors, 'domain') && (
        <p className="text-error text-sm" role="alert">
          {firstError(f.errors, 'domain')}
        </p>
      )}
    </form>
  );
}

export function SchoolAuditSection() {
  const { data } = useAllSchoolAudit(true);
  return (
    <details className="card bg-base-100 border border-base-300" data-testid="school-audit">
      <summary className="card-body p-4 cursor-pointer font-semibold tap">School audit log</summary>
      <ul className="px-4 pb-4 grid gap-1 text-sm">
        {(data ?? []).map((e) => (
          <li key={e.id}>
            {formatDate(e.at)} · {e.schoolName ?? 'No school'}: {describeAudit(e)}
            {e.actor ? ` (by ${e.actor})` : ''}
          </li>
        ))}
      </ul>
    </details>
  );
}
