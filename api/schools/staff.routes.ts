// A school's staff (decisions 2101-2103): claims by work email and their one-time links, the
// claims queue (site admins in /moderation, a school's own admins in its dashboard), members,
// invitations, re-confirmation, leaving, the audit log and the trust domains site admins add.
import { z } from '@hono/zod-openapi';
import { CLAIM_STATES, DOMAIN_RULES, MEMBER_METHODS, SCHOOL_ROLES } from '../../db/schema';
import { rejectInput } from '../../core/validation';
import { resourceRoutes, errors, jsonBody, jsonOf } from '../platform/route';
import { requireSchoolMember } from './members';
import { idParam, limitOf } from '../platform/validate';
import { cursorParam } from '../platform/paging';
import { domainInput, emailInput } from './domains';
import { TEXT_MAX } from '../../core/constants';

const route = resourceRoutes('School staff', { schoolMember: requireSchoolMember });
const role = z.enum(SCHOOL_ROLES);
const id = idParam.shape.id;
const claimParam = idParam.extend({ claimId: id });
const memberParam = idParam.extend({ memberId: id });
const domainParam = idParam.extend({ domainId: id });
const sent = z.object({ status: z.literal('sent'), expiresAt: z.date().describe('The link works until then (24 hours)') });
const manage = { page: { path: '/school-admin', index: false } } as const;
// Every read and write here names the staff's data (claims, members, domains, audit; decision 0015):
// after a write the web app reads again the staff lists it touches.
const staff = { data: ['staff'] } as const;

export const claim = route.post('/schools/{id}/claims', {
  summary: 'Claims a school with a work address: emails a one-time link (24 hours) to an address at a domain allowed for the school',
  policy: { access: 'user', limit: 'write', ...staff },
  request: { params: idParam, body: jsonBody(z.object({ email: emailInput })) },
  responses: { 202: jsonOf(sent, 'The link was sent'), ...errors(400, 404, 409, 502, 503) },
});

export const openLink = route.post('/school-links', {
  summary:
    'Opens an emailed link (single use): a claim becomes pending, an invitation makes a member, a re-confirmation restarts the 12 months',
  policy: { access: 'user', limit: 'write', ...staff },
  request: {
    body: jsonBody(
      z.object({
        token: z
          .string({ message: 'The link is incomplete' })
          .min(20, 'The link is incomplete')
          .max(TEXT_MAX.token, 'The link is not one of ours'),
      }),
    ),
  },
  responses: {
    200: jsonOf(
      z.object({
        kind: z.enum(['claim', 'invite', 'confirm']),
        state: z.enum(CLAIM_STATES),
        school: z.object({ id: z.number().int(), name: z.string() }),
        role: role.nullable(),
      }),
      'What the link did',
    ),
    ...errors(400, 403, 410),
  },
});

const pendingClaim = z.object({
  id: z.number().int(),
  state: z.enum(CLAIM_STATES),
  email: z.string().describe('The work address the link went to'),
  domain: z.string(),
  domainRule: z
    .enum(DOMAIN_RULES)
    .describe('register-website: the registrable domain of the register website; admin-added: a domain a site admin trusts for the school'),
  sharedWith: z.number().int().describe("Other schools whose register website has the same domain (a trust's or federation's site)"),
  createdAt: z.date(),
  emailConfirmedAt: z.date().nullable(),
  school: z.object({
    id: z.number().int(),
    name: z.string(),
    urn: z.number().int(),
    phoneNumber: z.string().nullable().describe("The register's number, for a call-back"),
    website: z.string().nullable(),
  }),
  claimant: z.object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable().describe("The account's own sign-in address"),
  }),
});
const decided = z.object({ id: z.number().int(), state: z.enum(['approved', 'rejected']), role: role.nullable() });
const approveBody = z.object({ role: role.optional().describe('Default: admin when the school has no live admin yet, else editor') });

const queueQuery = z.object({ limit: limitOf(100, 50), cursor: cursorParam });
const queuePage = jsonOf(
  z.object({
    claims: z.array(pendingClaim).describe('Confirmed claims (the link was opened), oldest first'),
    total: z.number().int().describe('Confirmed claims in all (also X-Total-Count)'),
    unopened: z.number().int().describe('Claims whose emailed link is not opened yet and has not expired: never shown one by one'),
    next: z.string().nullable().describe('The cursor of the next page (also the Link header), null on the last'),
  }),
  'A page of the claims waiting for a decision',
);

export const schoolClaims = route.get('/schools/{id}/claims', {
  summary: "Claims of this school waiting for a decision (the school's admins): confirmed ones a page at a time, unopened ones counted",
  policy: { access: 'user', school: 'admin', cache: 'none', ...manage, ...staff },
  request: { params: idParam, query: queueQuery },
  responses: { 200: queuePage, ...errors(400) },
});

export const claimDomains = route.get('/schools/{id}/claim-domains', {
  summary:
    "The domains whose addresses may claim a school, and why its register website's domain does not count when it is a council's, a hosting service's or several schools'",
  policy: { access: 'user', cache: 'none', ...staff },
  request: { params: idParam },
  responses: {
    200: jsonOf(
      z.object({
        domains: z.array(z.string()).describe('An address at one of these (or a subdomain) may claim the school'),
        notOwn: z
          .object({ domain: z.string(), reason: z.enum(['council', 'host', 'shared']), message: z.string() })
          .nullable()
          .describe("The register website's domain when it is not the school's own, with why in words"),
      }),
      'Domains',
    ),
    ...errors(400, 404),
  },
});

export const schoolApprove = route.post('/schools/{id}/claims/{claimId}/approve', {
  summary: 'Approves a claim of this school (its admins): the claimant becomes a member',
  policy: { access: 'user', school: 'admin', limit: 'write', ...staff },
  request: { params: claimParam, body: { content: { 'application/json': { schema: approveBody } }, required: false } },
  responses: { 200: jsonOf(decided, 'Approved'), ...errors(400, 404, 409) },
});

export const schoolReject = route.post('/schools/{id}/claims/{claimId}/reject', {
  summary: 'Rejects a claim of this school (its admins), with a reason the claimant sees',
  policy: { access: 'user', school: 'admin', limit: 'write', ...staff },
  request: { params: claimParam, body: jsonBody(rejectInput) },
  responses: { 200: jsonOf(decided, 'Rejected'), ...errors(400, 404, 409) },
});

const member = z.object({
  id: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable().describe("The work address verified (shown to the school's admins and to the member)"),
  role,
  method: z.enum(MEMBER_METHODS),
  verifiedAt: z.date(),
  confirmedAt: z.date(),
  lapsesAt: z.date(),
  live: z.boolean(),
  you: z.boolean(),
});

export const members = route.get('/schools/{id}/members', {
  summary: "The school's members (its members)",
  policy: { access: 'user', school: 'editor', cache: 'none', ...manage, ...staff },
  request: { params: idParam },
  responses: { 200: jsonOf(z.array(member), 'Admins first'), ...errors(400) },
});

export const invite = route.post('/schools/{id}/invites', {
  summary:
    "Invites a colleague (the school's admins): a one-time link to an address at the school's domains; the same answer whoever the address belongs to",
  policy: { access: 'user', school: 'admin', limit: 'write', ...staff },
  request: { params: idParam, body: jsonBody(z.object({ email: emailInput, role: role.default('editor') })) },
  responses: { 202: jsonOf(sent, 'The invitation was sent'), ...errors(400, 502, 503) },
});

export const changeRole = route.patch('/schools/{id}/members/{memberId}', {
  summary: "Changes a member's role (the school's admins; the last admin stays admin)",
  policy: { access: 'user', school: 'admin', limit: 'write', ...staff },
  request: { params: memberParam, body: jsonBody(z.object({ role })) },
  responses: { 200: jsonOf(z.object({ id: z.number().int(), role }), 'Changed'), ...errors(400, 404, 409) },
});

export const removeMember = route.delete('/schools/{id}/members/{memberId}', {
  summary: "Removes a member (the school's admins)",
  policy: { access: 'user', school: 'admin', limit: 'write', ...staff },
  request: { params: memberParam },
  responses: { 204: { description: 'Removed' }, ...errors(400, 404) },
});

export const leave = route.post('/schools/{id}/leave', {
  summary: 'Leaves the school (any member, live or lapsed)',
  policy: { access: 'user', limit: 'write', ...staff },
  request: { params: idParam },
  responses: { 204: { description: 'No longer a member' }, ...errors(400, 404) },
});

export const confirm = route.post('/schools/{id}/confirm', {
  summary: "Emails a re-confirmation link to the member's work address (a membership lapses 12 months after it was last confirmed)",
  policy: { access: 'user', limit: 'write', ...staff },
  request: { params: idParam },
  responses: { 202: jsonOf(sent, 'The link was sent'), ...errors(400, 404, 409, 502, 503) },
});

const auditEntry = z.object({
  id: z.number().int(),
  schoolId: z.number().int().nullable(),
  schoolName: z.string().nullable(),
  action: z.string(),
  actor: z.string().nullable().describe('Who did it (null: DfE Sign-in or a deleted account)'),
  detail: z.record(z.string(), z.unknown()),
  at: z.date(),
});
const auditQuery = z.object({
  limit: limitOf(200, 50),
  before: z.coerce.number<string>({ message: 'before must be an entry id' }).int().positive().optional(),
});

export const schoolAudit = route.get('/schools/{id}/audit', {
  summary: "The school's audit log, newest first (the school's admins)",
  policy: { access: 'user', school: 'admin', cache: 'none', ...manage, ...staff },
  request: { params: idParam, query: auditQuery },
  responses: { 200: jsonOf(z.array(auditEntry), 'Entries'), ...errors(400) },
});

const mine = z.object({
  schools: z.array(
    z.object({
      schoolId: z.number().int(),
      name: z.string(),
      role,
      method: z.enum(MEMBER_METHODS),
      email: z.string().nullable(),
      verifiedAt: z.date(),
      verifiedMonth: z.string().describe('e.g. "November 2026"'),
      confirmedAt: z.date(),
      lapsesAt: z.date(),
      live: z.boolean(),
      waitingResponses: z
        .array(z.number().int())
        .describe('The reviews whose response from this school waits for a moderator (issue 37 item 10); [] unless the membership is live'),
    }),
  ),
  claims: z.array(
    z.object({
      id: z.number().int(),
      schoolId: z.number().int(),
      schoolName: z.string(),
      email: z.string(),
      state: z.enum(CLAIM_STATES),
      reason: z.string().nullable(),
      createdAt: z.date(),
    }),
  ),
  notSupported: z
    .array(z.object({ name: z.string(), category: z.string(), reason: z.string(), at: z.date() }))
    .describe('DfE Sign-in organisations that did not make a membership (trusts, local authorities, schools not listed here)'),
});

export const mySchools = route.get('/me/schools', {
  summary: 'The schools I manage (live or lapsed), my recent claims, and DfE Sign-in organisations not supported yet',
  // Her schools' responses waiting for a moderator are reviews' data; her memberships and claims, staff's (decision 0015).
  policy: { access: 'user', cache: 'none', ...manage, data: ['reviews', 'staff'] },
  responses: { 200: jsonOf(mine, 'Mine') },
});

// ---- Site admins (the Claims section of /moderation) ----

const siteAdmin = { access: 'admin', limit: 'moderation', ...staff } as const;

export const queue = route.get('/moderation/claims', {
  summary: 'Every claim waiting for a decision (site admins): confirmed ones a page at a time, oldest first; unopened ones counted',
  policy: { access: 'admin', cache: 'none', page: { path: '/moderation', index: false }, ...staff },
  request: { query: queueQuery },
  responses: { 200: queuePage, ...errors(400) },
});

export const approve = route.post('/moderation/claims/{id}/approve', {
  summary: 'Approves a claim (site admins)',
  policy: siteAdmin,
  request: { params: idParam, body: { content: { 'application/json': { schema: approveBody } }, required: false } },
  responses: { 200: jsonOf(decided, 'Approved'), ...errors(400, 404, 409) },
});

export const reject = route.post('/moderation/claims/{id}/reject', {
  summary: 'Rejects a claim (site admins), with a reason the claimant sees',
  policy: siteAdmin,
  request: { params: idParam, body: jsonBody(rejectInput) },
  responses: { 200: jsonOf(decided, 'Rejected'), ...errors(400, 404, 409) },
});

export const auditAll = route.get('/moderation/school-audit', {
  summary: "Every school's audit log, newest first (site admins); `schoolId` narrows it to one school",
  policy: { access: 'admin', cache: 'none', ...staff },
  request: {
    query: auditQuery.extend({
      schoolId: z.coerce.number<string>({ message: 'schoolId must be a school id' }).int().positive().optional(),
    }),
  },
  responses: { 200: jsonOf(z.array(auditEntry), 'Entries'), ...errors(400) },
});

const domainRow = z.object({ id: z.number().int(), domain: z.string(), createdAt: z.date() });

export const domains = route.get('/moderation/schools/{id}/domains', {
  summary: "The domains whose addresses may claim a school: the register website's and those site admins added",
  policy: { access: 'admin', cache: 'none', ...staff },
  request: { params: idParam },
  responses: {
    200: jsonOf(
      z.object({
        school: z.object({ id: z.number().int(), name: z.string(), website: z.string().nullable() }),
        registerDomain: z.string().nullable(),
        added: z.array(domainRow),
      }),
      'Domains',
    ),
    ...errors(400, 404),
  },
});

export const addDomain = route.post('/moderation/schools/{id}/domains', {
  summary: "Trusts a domain for a school (a trust's own domain), stored as its registrable domain (site admins)",
  policy: siteAdmin,
  request: { params: idParam, body: jsonBody(z.object({ domain: domainInput })) },
  responses: { 201: jsonOf(domainRow, 'Added'), ...errors(400, 404, 409) },
});

export const removeDomain = route.delete('/moderation/schools/{id}/domains/{domainId}', {
  summary: 'Stops trusting a domain for a school (site admins)',
  policy: siteAdmin,
  request: { params: domainParam },
  responses: { 204: { description: 'Removed' }, ...errors(400, 404) },
});
