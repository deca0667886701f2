// Which work addresses may claim a school (decision 2101): the registrable domain of the school's
// register website, computed with the Public Suffix List (tldts), and the domains a site admin
// trusts for it (a trust's own domain). Free-mail and ISP domains are never a school's, whatever
// the register says. An address matches when its own registrable domain is one of these, so
// `head@ccfl.camden.sch.uk` matches a school at www.ccfl.camden.sch.uk, while `camden.sch.uk`
// (a public suffix: every Camden school sits under it) and look-alikes such as
// `ccfl.camden.sch.uk.evil.com` (registrable domain evil.com) never match.
import { createRequire } from 'node:module';
import { and, eq, like, ne } from 'drizzle-orm';
import { getDomain } from 'tldts';
import { z } from 'zod';
import type { DB } from '../../db/client';
import { schoolDomains, schools, type DomainRule } from '../../db/schema';
import { ApiError } from '../lib/http-error';
import { TEXT_MAX } from '../../db/constants';

const FREE_MAIL = new Set<string>(createRequire(import.meta.url)('email-providers/all.json') as string[]);
/**
 * Hosts of other people's sites that the Public Suffix List does not treat as suffixes: a school
 * site at sites.google.com must not let every google.com address claim it.
 */
const SHARED_HOSTS = new Set([
  'google.com',
  'microsoft.com',
  'sharepoint.com',
  'office.com',
  'live.com',
  'facebook.com',
  'twitter.com',
  'x.com',
  'gov.uk',
]);

/** The registrable domain of a host name or URL (lower case), or null for a suffix, an IP address or nonsense. */
export function registrableDomain(hostOrUrl: string): string | null {
  let host = hostOrUrl.trim().toLowerCase();
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(host)) {
    try {
      host = new URL(host).hostname;
    } catch {
      return null;
    }
  }
  host = host.replace(/\.$/, '');
  if (!/^[a-z0-9.-]+$/.test(host)) return null;
  return getDomain(host, { allowPrivateDomains: true, validateHostname: true }) ?? null;
}

/** The register website's registrable domain, when it can be a school's own. */
export function websiteDomain(website: string | null): string | null {
  const domain = website ? registrableDomain(/^[a-z][a-z0-9+.-]*:\/\//i.test(website) ? website : `http://${website}`) : null;
  return domain && !FREE_MAIL.has(domain) && !SHARED_HOSTS.has(domain) ? domain : null;
}

export interface AllowedDomain {
  domain: string;
  rule: DomainRule;
}

/** The domains whose addresses may claim the school, each with the rule that allows it. */
export function allowedDomains(db: DB, school: { id: number; website: string | null }): AllowedDomain[] {
  const list: AllowedDomain[] = [];
  const own = websiteDomain(school.website);
  if (own) list.push({ domain: own, rule: 'register-website' });
  for (const row of db.select({ domain: schoolDomains.domain }).from(schoolDomains).where(eq(schoolDomains.schoolId, school.id)).all()) {
    if (!list.some((d) => d.domain === row.domain)) list.push({ domain: row.domain, rule: 'admin-added' });
  }
  return list;
}

/** Other schools whose register website has the same registrable domain (a trust's or a federation's site): the approver sees it. */
export function schoolsSharingDomain(db: DB, schoolId: number, domain: string): number {
  return db
    .select({ website: schools.website })
    .from(schools)
    .where(and(ne(schools.id, schoolId), like(schools.website, `%${domain.replace(/[%_\\]/g, '')}%`)))
    .all()
    .filter((s) => websiteDomain(s.website) === domain).length;
}

export const emailInput = z
  .string({ message: 'Enter your work email address' })
  .trim()
  .toLowerCase()
  .min(1, 'Enter your work email address')
  .max(TEXT_MAX.email, `An email address is at most ${TEXT_MAX.email} characters`)
  .pipe(z.email({ message: 'Enter an email address such as name@yourschool.sch.uk' }));

const refuse = (message: string) => new ApiError(400, { error: 'Invalid input', fields: { email: message } });

/**
 * The rule that lets `email` claim the school, or a thrown 400 `{ error, fields: { email } }`
 * with a message that says what to use instead.
 */
export function matchEmail(db: DB, school: { id: number; name: string; website: string | null }, email: string): AllowedDomain {
  const at = email.lastIndexOf('@');
  const host = email.slice(at + 1);
  const domain = registrableDomain(host);
  if (!domain) throw refuse('This is not an address at a school or trust domain.');
  if (FREE_MAIL.has(domain)) throw refuse(`${domain} is a personal email provider. Use the address your school gave you.`);
  const allowed = allowedDomains(db, school);
  const hit = allowed.find((d) => d.domain === domain);
  if (hit) return hit;
  if (allowed.length === 0) {
    throw refuse(
      `We cannot check addresses for ${school.name} by email yet (the register lists no website of its own). Sign in with DfE Sign-in, or ask us to add your trust's domain.`,
    );
  }
  throw refuse(`Use an address at ${allowed.map((d) => d.domain).join(' or ')}: ${domain} is not an email domain of ${school.name}.`);
}

/** A domain a site admin adds for a school: stored as its registrable domain. */
export const domainInput = z
  .string({ message: 'Enter a domain such as harrisfederation.org.uk' })
  .trim()
  .toLowerCase()
  .max(TEXT_MAX.domain, `A domain is at most ${TEXT_MAX.domain} characters`)
  .transform((v, ctx) => {
    const domain = registrableDomain(v.replace(/^.*@/, ''));
    if (!domain) ctx.addIssue({ code: 'custom', message: 'Enter a domain such as harrisfederation.org.uk (not a suffix such as sch.uk)' });
    else if (FREE_MAIL.has(domain) || SHARED_HOSTS.has(domain))
      ctx.addIssue({ code: 'custom', message: `${domain} is shared by many people and cannot be a school's domain` });
    return domain ?? '';
  });
