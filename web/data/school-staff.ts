// A school's staff on the web side (decisions 2101-2103): the SWR hooks and the writes. All
// online only: claims, invitations and decisions are never queued in the outbox. Every write goes
// through send() (web/data/mutations.ts), which reads again the staff lists it touches from its
// route's declared data (decision 0015).
import type { InferResponseType } from 'hono/client';
import { useState } from 'react';
import { toast } from '../lib/toast-store';
import { ApiRequestError, client, json } from './client';
import { to, type SendRequest } from './requests';
import { useApi } from './use-api';

/**
 * The staff lists' SWR keys: their route paths (their routes name the staff's data, decision 0015).
 * Here, not in keys.ts, which every page's first load carries (issue 40).
 */
export const staffKey = {
  schoolMembers: (id: number) => ['/api/schools/{id}/members', id] as const,
  schoolClaims: (id: number) => ['/api/schools/{id}/claims', id] as const,
  claimDomains: (id: number) => ['/api/schools/{id}/claim-domains', id] as const,
  schoolAudit: (id: number) => ['/api/schools/{id}/audit', id] as const,
  claimsQueue: '/api/moderation/claims',
  allSchoolAudit: '/api/moderation/school-audit',
} as const;

export type Member = InferResponseType<(typeof client.schools)[':id']['members']['$get'], 200>[number];
type AuditEntry = InferResponseType<(typeof client.moderation)['school-audit']['$get'], 200>[number];
/** A page of the claims queue (decision 2113): confirmed claims, their total, the unopened ones counted. */
type ClaimsPage = InferResponseType<typeof client.moderation.claims.$get, 200>;
export type QueuedClaim = ClaimsPage['claims'][number];
export type ClaimDomains = InferResponseType<(typeof client.schools)[':id']['claim-domains']['$get'], 200>;

const param = (id: number) => ({ id: String(id) });

// Her own schools, which a school's public page also reads, are in a module of their own (that
// page's first render needs no staff writes, toasts or audit texts).
export { MY_SCHOOLS_KEY, useIsSchoolStaff, useMySchools, type MySchools } from './my-schools';

export function useSchoolMembers(id: number | undefined) {
  return useApi(id ? staffKey.schoolMembers(id) : null, () => json(client.schools[':id'].members.$get({ param: param(id!) })));
}

/**
 * The claims queue a page at a time (decision 2113): the first page through SWR (read again after
 * a decision, which names the staff's data), the next ones kept beside it until that page changes, when the
 * list starts again at the first page.
 */
function useClaimPages(key: readonly unknown[] | string | null, load: (cursor?: string) => Promise<ClaimsPage>) {
  const first = useApi(key, () => load());
  const [more, setMore] = useState<{ after: ClaimsPage; claims: QueuedClaim[]; next: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(undefined);
  const kept = more && first.data && more.after === first.data ? more : null;
  const next = kept ? kept.next : (first.data?.next ?? null);
  const loadMore = async () => {
    const after = first.data;
    if (!next || !after) return;
    setLoadingMore(true);
    setMoreError(undefined);
    try {
      const page = await load(next);
      setMore({ after, claims: [...(kept?.claims ?? []), ...page.claims], next: page.next });
    } catch (error) {
      setMoreError(error);
    } finally {
      setLoadingMore(false);
    }
  };
  return {
    claims: first.data ? [...first.data.claims, ...(kept?.claims ?? [])] : undefined,
    total: first.data?.total,
    unopened: first.data?.unopened ?? 0,
    error: first.error,
    pages: { hasMore: !!next, loadingMore, loadMore, moreError, retryMore: loadMore },
  };
}

export function useSchoolClaims(id: number | undefined) {
  return useClaimPages(id ? staffKey.schoolClaims(id) : null, (cursor) =>
    json(client.schools[':id'].claims.$get({ param: param(id!), query: cursor ? { cursor } : {} })),
  );
}

/** The domains whose addresses may claim a school, and why its register website's does not count (the claim form). */
export function useClaimDomains(id: number | undefined) {
  return useApi(id ? staffKey.claimDomains(id) : null, () => json(client.schools[':id']['claim-domains'].$get({ param: param(id!) })));
}

export function useSchoolAudit(id: number | undefined) {
  return useApi(id ? staffKey.schoolAudit(id) : null, () => json(client.schools[':id'].audit.$get({ param: param(id!), query: {} })));
}

export function useClaimsQueue(enabled: boolean) {
  return useClaimPages(enabled ? staffKey.claimsQueue : null, (cursor) =>
    json(client.moderation.claims.$get({ query: cursor ? { cursor } : {} })),
  );
}

export function useAllSchoolAudit(enabled: boolean) {
  return useApi(enabled ? staffKey.allSchoolAudit : null, () => json(client.moderation['school-audit'].$get({ query: { limit: '50' } })));
}

/** The API's message for a failed call, else a general one. */
export function messageOf(error: unknown, fallback = 'Something went wrong. Please try again.') {
  return error instanceof ApiRequestError && error.body?.error ? error.body.error : fallback;
}

/** The field messages of a 400, if any. */
export function fieldsOf(error: unknown): Record<string, string> {
  return error instanceof ApiRequestError && error.status === 400 ? (error.body?.fields ?? {}) : {};
}

/** Runs a staff write with a toast for success or failure; the answer, or null. */
export async function staffWrite<T>(request: () => Promise<T>, success: { title: string; description?: string }): Promise<T | null> {
  try {
    const result = await request();
    toast(success);
    return result;
  } catch (error) {
    toast({ title: 'Not done', description: messageOf(error), variant: 'destructive' });
    return null;
  }
}

/**
 * A staff write through the app's one write path (send(): its kind is never queued, so it is sent
 * now or throws the API's error), which reads again what its route's data names (decision 0015).
 */
async function staffSend<T>(request: Pick<SendRequest, 'method' | 'path' | 'body'>): Promise<T> {
  const { send } = await import('./mutations');
  const result = await send<T>({ kind: 'school', ...request });
  if (result.status !== 'sent') throw new ApiRequestError(503, null, 'Not sent');
  return result.data;
}

type Answer<E extends (...args: never[]) => Promise<unknown>, S extends 200 | 202 = 200> = InferResponseType<E, S>;
const school = client.schools[':id'];
const siteAdmin = client.moderation;

export const staffApi = {
  claim: (id: number, email: string) =>
    staffSend<Answer<typeof school.claims.$post, 202>>(to(school.claims, '$post', { param: param(id), json: { email } })),
  openLink: (token: string) =>
    staffSend<Answer<(typeof client)['school-links']['$post']>>(to(client['school-links'], '$post', { json: { token } })),
  invite: (id: number, email: string, role: 'admin' | 'editor') =>
    staffSend<Answer<typeof school.invites.$post, 202>>(to(school.invites, '$post', { param: param(id), json: { email, role } })),
  setRole: (id: number, memberId: number, role: 'admin' | 'editor') =>
    staffSend(to(school.members[':memberId'], '$patch', { param: { ...param(id), memberId: String(memberId) }, json: { role } })),
  remove: (id: number, memberId: number) =>
    staffSend(to(school.members[':memberId'], '$delete', { param: { ...param(id), memberId: String(memberId) } })),
  leave: (id: number) => staffSend(to(school.leave, '$post', { param: param(id) })),
  confirm: (id: number) => staffSend<Answer<typeof school.confirm.$post, 202>>(to(school.confirm, '$post', { param: param(id) })),
  approveAtSchool: (id: number, claimId: number) =>
    staffSend(to(school.claims[':claimId'].approve, '$post', { param: { ...param(id), claimId: String(claimId) }, json: {} })),
  rejectAtSchool: (id: number, claimId: number, reason: string) =>
    staffSend(to(school.claims[':claimId'].reject, '$post', { param: { ...param(id), claimId: String(claimId) }, json: { reason } })),
  approve: (claimId: number) => staffSend(to(siteAdmin.claims[':id'].approve, '$post', { param: param(claimId), json: {} })),
  reject: (claimId: number, reason: string) =>
    staffSend(to(siteAdmin.claims[':id'].reject, '$post', { param: param(claimId), json: { reason } })),
  addDomain: (schoolId: number, domain: string) =>
    staffSend(to(siteAdmin.schools[':id'].domains, '$post', { param: param(schoolId), json: { domain } })),
};

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'Europe/London' });
export const monthOf = (d: string | Date) => MONTH.format(new Date(d));

/** What an audit entry says, in words. */
export function describeAudit(e: Pick<AuditEntry, 'action' | 'detail'>): string {
  const d = e.detail as Record<string, string | number | undefined>;
  const words: Record<string, string> = {
    'claim.requested': `Claim requested with ${d.email ?? 'a work address'}`,
    'claim.email-confirmed': `Claim email confirmed (${d.email ?? ''})`,
    'claim.approved': `Claim approved as ${d.role ?? 'member'} (${d.email ?? ''})`,
    'claim.rejected': `Claim rejected: ${d.reason ?? ''}`,
    'member.invited': `Invited ${d.email ?? 'a colleague'} as ${d.role ?? 'editor'}`,
    'member.joined': `Joined by invitation as ${d.role ?? 'editor'}`,
    'member.role-changed': `Role changed from ${d.from ?? '?'} to ${d.to ?? '?'}`,
    'member.removed': 'Member removed',
    'member.left': 'Member left',
    'member.confirm-requested': 'Re-confirmation requested',
    'member.confirmed': 'Membership re-confirmed',
    'member.dfe-sign-in': 'Joined through DfE Sign-in as editor',
    'dfe-sign-in.not-supported': `DfE Sign-in organisation not supported yet (${d.categoryName ?? d.category ?? ''})`,
    'dfe-sign-in.unknown-school': 'DfE Sign-in establishment not listed here',
    'domain.added': `Trusted domain added: ${d.domain ?? ''}`,
    'domain.removed': `Trusted domain removed: ${d.domain ?? ''}`,
  };
  return words[e.action] ?? e.action;
}
