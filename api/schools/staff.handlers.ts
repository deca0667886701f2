// The handlers of a school's staff routes (staff.routes.ts); the rules live in staff.service.ts.
import { and, eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { schoolDomains } from '../../db/schema';
import { ApiError } from '../platform/http-error';
import { createRouter } from '../platform/route';
import { allowedDomains, matchEmail, notOwnMessage, registerDomainOf, schoolsSharingDomain, websiteDomain } from './domains';
import { pageHeaders } from '../platform/paging';
import type { SignedInEnv } from '../platform/route';
import type { Context } from 'hono';
import { schoolMemberOf } from './members';
import { findSchool } from './schools.queries';
import * as routes from './staff.routes';
import * as staff from './staff.service';

const withShared = (db: DB, rows: ReturnType<typeof staff.pendingClaims>['rows']) =>
  rows.map((r) => ({ ...r, sharedWith: r.domainRule === 'register-website' ? schoolsSharingDomain(db, r.school.id, r.domain) : 0 }));

/** A page of the claims queue (decision 2113), with its paging headers. */
function queuePage(c: Context<SignedInEnv>, query: { limit?: number; cursor?: string }, schoolId?: number) {
  const db = c.get('db');
  const page = staff.pendingClaims(db, { schoolId, limit: query.limit ?? 50, cursor: query.cursor, now: c.get('now')() });
  pageHeaders(c, page.total, page.next);
  return { claims: withShared(db, page.rows), total: page.total, unopened: page.unopened, next: page.next };
}

export const staffRoutes = createRouter()
  .openapi(routes.claim, async (c) => {
    const school = findSchool(c.get('db'), c.req.valid('param').id);
    const { expiresAt } = await staff.requestClaim(c, school, c.req.valid('json').email);
    return c.json({ status: 'sent' as const, expiresAt }, 202);
  })
  .openapi(routes.openLink, (c) => c.json(staff.openLink(c, c.req.valid('json').token), 200))
  .openapi(routes.schoolClaims, (c) => c.json(queuePage(c, c.req.valid('query'), c.req.valid('param').id), 200))
  .openapi(routes.claimDomains, (c) => {
    const db = c.get('db');
    const school = findSchool(db, c.req.valid('param').id);
    const register = registerDomainOf(db, school);
    const notOwn = register?.notOwn
      ? { domain: register.domain, reason: register.notOwn, message: notOwnMessage(register, school.name) }
      : null;
    return c.json({ domains: allowedDomains(db, school, register).map((d) => d.domain), notOwn }, 200);
  })
  .openapi(routes.schoolApprove, (c) => {
    const { id, claimId } = c.req.valid('param');
    return c.json(staff.decideClaim(c, claimId, { approve: true, role: c.req.valid('json')?.role }, { schoolId: id }), 200);
  })
  .openapi(routes.schoolReject, (c) => {
    const { id, claimId } = c.req.valid('param');
    return c.json(staff.decideClaim(c, claimId, { approve: false, reason: c.req.valid('json').reason }, { schoolId: id }), 200);
  })
  .openapi(routes.members, (c) => c.json(staff.membersOf(c.get('db'), c.req.valid('param').id, schoolMemberOf(c), c.get('now')()), 200))
  .openapi(routes.invite, async (c) => {
    const db = c.get('db');
    const school = findSchool(db, c.req.valid('param').id);
    const { email, role } = c.req.valid('json');
    const match = matchEmail(db, school, email, true);
    const { expiresAt } = await staff.sendLink(c, {
      kind: 'invite',
      school,
      email,
      match,
      userId: null,
      role,
      invitedBy: c.get('user').id,
    });
    return c.json({ status: 'sent' as const, expiresAt }, 202);
  })
  .openapi(routes.changeRole, (c) => {
    const { id, memberId } = c.req.valid('param');
    return c.json(staff.changeRole(c, id, memberId, c.req.valid('json').role), 200);
  })
  .openapi(routes.removeMember, (c) => {
    const { id, memberId } = c.req.valid('param');
    staff.removeMember(c, id, memberId);
    return c.body(null, 204);
  })
  .openapi(routes.leave, (c) => {
    staff.leave(c, findSchool(c.get('db'), c.req.valid('param').id).id);
    return c.body(null, 204);
  })
  .openapi(routes.confirm, async (c) => {
    const { expiresAt } = await staff.requestConfirm(c, findSchool(c.get('db'), c.req.valid('param').id));
    return c.json({ status: 'sent' as const, expiresAt }, 202);
  })
  .openapi(routes.schoolAudit, (c) => {
    const { limit = 50, before } = c.req.valid('query');
    return c.json(staff.auditLog(c.get('db'), { schoolId: c.req.valid('param').id, limit, before }), 200);
  })
  .openapi(routes.mySchools, (c) => c.json(staff.mySchools(c.get('db'), c.get('user').id, c.get('now')()), 200))
  .openapi(routes.queue, (c) => c.json(queuePage(c, c.req.valid('query')), 200))
  .openapi(routes.approve, (c) =>
    c.json(staff.decideClaim(c, c.req.valid('param').id, { approve: true, role: c.req.valid('json')?.role }, {}), 200),
  )
  .openapi(routes.reject, (c) =>
    c.json(staff.decideClaim(c, c.req.valid('param').id, { approve: false, reason: c.req.valid('json').reason }, {}), 200),
  )
  .openapi(routes.auditAll, (c) => {
    const { limit = 50, before, schoolId } = c.req.valid('query');
    return c.json(staff.auditLog(c.get('db'), { schoolId, limit, before }), 200);
  })
  .openapi(routes.domains, (c) => {
    const db = c.get('db');
    const school = findSchool(db, c.req.valid('param').id);
    const added = db
      .select({ id: schoolDomains.id, domain: schoolDomains.domain, createdAt: schoolDomains.createdAt })
      .from(schoolDomains)
      .where(eq(schoolDomains.schoolId, school.id))
      .orderBy(schoolDomains.domain)
      .all();
    return c.json(
      { school: { id: school.id, name: school.name, website: school.website }, registerDomain: websiteDomain(school.website), added },
      200,
    );
  })
  .openapi(routes.addDomain, (c) => {
    const db = c.get('db');
    const school = findSchool(db, c.req.valid('param').id);
    const { domain } = c.req.valid('json');
    const now = c.get('now')();
    const row = db.transaction(() => {
      const added = db
        .insert(schoolDomains)
        .values({ schoolId: school.id, domain, addedBy: c.get('user').id, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: schoolDomains.id, domain: schoolDomains.domain, createdAt: schoolDomains.createdAt })
        .get();
      if (!added) throw new ApiError(409, { error: `${domain} is already trusted for ${school.name}.` });
      staff.audit(db, school.id, c.get('user').id, 'domain.added', { domain }, now);
      return added;
    });
    return c.json(row, 201);
  })
  .openapi(routes.removeDomain, (c) => {
    const db = c.get('db');
    const { id, domainId } = c.req.valid('param');
    const removed = db.transaction(() => {
      const row = db
        .delete(schoolDomains)
        .where(and(eq(schoolDomains.id, domainId), eq(schoolDomains.schoolId, id)))
        .returning()
        .get();
      if (row) staff.audit(db, id, c.get('user').id, 'domain.removed', { domain: row.domain }, c.get('now')());
      return row;
    });
    if (!removed) throw new ApiError(404, { error: 'Domain not found' });
    return c.body(null, 204);
  });
